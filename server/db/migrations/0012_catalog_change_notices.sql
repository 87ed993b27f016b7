-- Custom migration (drizzle-kit generate --custom): triggers are not part of the schema TS, so keep this file when
-- regenerating migrations. Every write to the catalogue announces itself on "catalog_changed" at commit, whoever
-- makes it (the shop, an operator's console, psql): processes holding the catalogue in memory drop their copy
-- (server/modules/catalog/snapshot.ts).
CREATE OR REPLACE FUNCTION announce_catalog_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION announce_catalog_change();
--> statement-breakpoint
CREATE TRIGGER plans_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plans
  FOR EACH STATEMENT EXECUTE FUNCTION announce_catalog_change();
--> statement-breakpoint
CREATE TRIGGER plan_prices_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plan_prices
  FOR EACH STATEMENT EXECUTE FUNCTION announce_catalog_change();
