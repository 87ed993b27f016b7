-- ADR 0050: VS-01 Refill, 3 months (vs-rf-3mo) is sold abroad (priced in the six international currencies), so a shopper abroad
-- meets SPEC.md section 9's fee exemption at checkout. The seed only inserts missing rows (its international
-- prices are inserted on the next start); this moves shops seeded before, unless an operator changed the countries since.
UPDATE "products" SET "countries" = NULL WHERE "code" = 'vs-rf-3mo' AND "countries" = ARRAY['US']::text[];
