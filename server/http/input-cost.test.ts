import { describe, expect, it } from "vitest";
import { EmailField } from "../../domain/accounts";
import { ContactFormSchema } from "../../domain/mail-forms";
import type { z } from "../../domain/zod";
import { isSchema, slowSchemas, walkSchemas } from "../../domain/testing/input-cost";
import { createConsoleApi } from "./console";
import { createProviderApi, createShopApi } from "./surfaces";

/**
 * Issue 33, point 1, for the API's own schemas: every route's body, path, query and header schema (read from the
 * routers' OpenAPI registries, so a new route is tried without being listed here), each of its fields walked, is fed
 * 100 KB of the shapes that make patterns backtrack and must answer in milliseconds. domain/'s schemas and patterns
 * are tried in domain/input-cost.property.test.ts.
 */
type RouteDefinition = { type: string; route?: { method: string; path: string; request?: Record<string, unknown> } };

function routeSchemas(surface: string, router: { openAPIRegistry: { definitions: RouteDefinition[] } }, found: Map<z.ZodType, string>) {
  for (const definition of router.openAPIRegistry.definitions) {
    const route = definition.route;
    if (definition.type !== "route" || !route?.request) continue;
    const name = `${route.method.toUpperCase()} ${surface}${route.path}`;
    const { body, ...parts } = route.request as { body?: { content?: Record<string, { schema?: unknown }> } } & Record<string, unknown>;
    for (const [type, media] of Object.entries(body?.content ?? {})) if (isSchema(media.schema)) walkSchemas(media.schema, `${name} body (${type})`, found);
    for (const [part, schema] of Object.entries(parts)) if (isSchema(schema)) walkSchemas(schema, `${name} ${part}`, found);
  }
  return found;
}

describe("input cost of the API's schemas: 100 KB of the worst shapes answers in milliseconds", () => {
  const schemas = new Map<z.ZodType, string>();
  routeSchemas("/api", createShopApi() as never, schemas);
  routeSchemas("/provider", createProviderApi() as never, schemas);
  routeSchemas("/api/console", createConsoleApi() as never, schemas);

  it("found every surface's route schemas, down to their fields", () => {
    for (const field of [EmailField, ContactFormSchema.shape.name, ContactFormSchema.shape.message]) expect(schemas.has(field)).toBe(true);
    const names = [...schemas.values()];
    expect(names).toContain("POST /api/errors body (application/json).errors.element.message");
    expect(names.some((n) => n.startsWith("POST /provider/"))).toBe(true);
    expect(names.some((n) => n.startsWith("POST /api/console/"))).toBe(true);
  });

  it("every route schema, and every field of each", () => {
    expect(slowSchemas(schemas)).toEqual([]);
  });
});
