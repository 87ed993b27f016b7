import type { Context } from "hono";
import { z } from "zod";
import { ShopError, toShopError } from "../../../domain/errors";
import { fieldErrors, type MailFormKind } from "../../../domain/mail-forms";
import { NewsletterSchema } from "../../../domain/newsletter";
import { submitMailForm } from "../../modules/mail-forms";
import { subscribe } from "../../modules/newsletter";
import { clientIp } from "../middleware/client-ip";
import type { AppEnv } from "../types";

/** What a form page's action gets back: done, or the messages to show beside the fields. */
export type FormOutcome = { ok: true; hashedEmail?: string } | { ok: false; status: number; errors: Record<string, string>; message: string };

export interface FormsContext {
  forms: {
    /** The practitioner, SeedUniversity and contact forms posted as a page form (works before JavaScript). */
    submit(kind: MailFormKind, fields: Record<string, string>): Promise<FormOutcome>;
    /** The footer's newsletter form posted as a page form: same service and messages as POST /api/newsletter. */
    subscribe(fields: Record<string, string>, path: string | null): Promise<FormOutcome>;
  };
}

/**
 * Page forms post to page routes (form-encoded), not to the JSON-only API. The API's CSRF check does not cover page
 * routes, so a post whose Origin is another site is refused here.
 */
function sameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header("Origin");
  return origin === undefined || origin === new URL(c.req.url).origin;
}

function outcomeOf(error: unknown): FormOutcome {
  if (error instanceof z.ZodError) return { ok: false, status: 400, errors: fieldErrors(error), message: "Kindly check the fields marked below." };
  const shopError = error instanceof ShopError ? error : toShopError(error);
  if (shopError.status >= 500) throw error;
  return { ok: false, status: shopError.status, errors: {}, message: shopError.message };
}

export function formsContext(c: Context<AppEnv>): FormsContext {
  const shop = c.get("shop");
  const client = clientIp(c) ?? "unknown";
  return {
    forms: {
      submit: async (kind, fields) => {
        if (!sameOrigin(c)) return { ok: false, status: 403, errors: {}, message: new ShopError("FORBIDDEN").message };
        try {
          await submitMailForm(shop, kind, fields, client);
          return { ok: true };
        } catch (error) {
          return outcomeOf(error);
        }
      },
      subscribe: async (fields, path) => {
        if (!sameOrigin(c)) return { ok: false, status: 403, errors: {}, message: new ShopError("FORBIDDEN").message };
        const parsed = NewsletterSchema.safeParse({ email: fields.email ?? "", path: path ?? undefined });
        if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error), message: parsed.error.issues[0]!.message };
        const { hashedEmail } = await subscribe(shop, parsed.data.email, parsed.data.path ?? null);
        return { ok: true, hashedEmail };
      },
    },
  };
}
