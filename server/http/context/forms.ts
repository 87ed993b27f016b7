import type { Context } from "hono";
import { z } from "zod";
import { fieldErrors, type MailFormKind } from "../../../domain/mail-forms";
import { EVENTS } from "../../../domain/event-names";
import { NewsletterSchema } from "../../../domain/newsletter";
import { submitMailForm } from "../../modules/mail-forms";
import { confirmSubscription, readNewsletterLink, subscribe, unsubscribe, type LinkOutcome } from "../../modules/newsletter";
import { enforceLimit } from "../../modules/rate-limit";
import { clientAddressKey } from "../middleware/client-ip";
import type { AppEnv } from "../types";
import { crossSiteFailure, formFailureOf, sameOrigin, type FormFailure } from "./form-failure";
import { recordPageEvents } from "./server-events";
import { publicOrigin } from "../../public-origin";

/** What a form page's action gets back: done, or the messages to show beside the fields. */
export type FormOutcome = { ok: true; hashedEmail?: string } | (FormFailure & { errors: Record<string, string> });

export interface FormsContext {
  forms: {
    /** The practitioner, SeedUniversity and contact forms posted as a page form (works before JavaScript). */
    submit(kind: MailFormKind, fields: Record<string, string>): Promise<FormOutcome>;
    /** The footer's newsletter form posted as a page form: same service and messages as POST /api/newsletter. */
    subscribe(fields: Record<string, string>, path: string | null): Promise<FormOutcome>;
    /** The newsletter emails' links: what a link would do (GET), and doing it (the page's button, or a mail client's one-click POST). */
    newsletterLink(token: string, purpose: "newsletter-confirm" | "newsletter-unsubscribe"): Promise<LinkOutcome>;
    confirmNewsletter(token: string): Promise<LinkOutcome>;
    unsubscribeNewsletter(token: string): Promise<LinkOutcome>;
  };
}

function outcomeOf(error: unknown): FormOutcome {
  if (error instanceof z.ZodError) return { ok: false, status: 400, errors: fieldErrors(error), message: "Kindly check the fields marked below." };
  return { ...formFailureOf(error), errors: {} };
}

export function formsContext(c: Context<AppEnv>): FormsContext {
  const shop = c.get("shop");
  const origin = () => publicOrigin(shop.env, c.req.url);
  return {
    forms: {
      submit: async (kind, fields) => {
        if (!sameOrigin(c)) return { ...crossSiteFailure(), errors: {} };
        try {
          await submitMailForm(shop, kind, fields, clientAddressKey(c));
          return { ok: true };
        } catch (error) {
          return outcomeOf(error);
        }
      },
      subscribe: async (fields, path) => {
        if (!sameOrigin(c)) return { ...crossSiteFailure(), errors: {} };
        // The same limit as POST /api/newsletter: the page form is not a way around it.
        if (shop.env.RATE_LIMITS.enabled) {
          try {
            await enforceLimit(shop, "newsletter-per-address", clientAddressKey(c));
          } catch (error) {
            return outcomeOf(error);
          }
        }
        const parsed = NewsletterSchema.safeParse({ email: fields.email ?? "", path: path ?? undefined });
        if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error), message: parsed.error.issues[0]!.message };
        const { hashedEmail } = await subscribe(shop, parsed.data.email, parsed.data.path ?? null, { origin: origin() });
        // The script-driven form tracks 'Email Submitted' in the browser; posted before JavaScript, the server records it,
        // through the same consent gate (the consent cookie and Sec-GPC).
        const eventPath = parsed.data.path ?? "/";
        await recordPageEvents(c, [{ name: EVENTS.emailSubmitted, properties: { email: parsed.data.email, hashedEmail, path: eventPath }, path: eventPath }]);
        return { ok: true, hashedEmail };
      },
      newsletterLink: (token, purpose) => readNewsletterLink(shop, token, purpose),
      confirmNewsletter: async (token) => {
        if (!sameOrigin(c)) return { ok: false, reason: "invalid" };
        return confirmSubscription(shop, token, { origin: origin() });
      },
      // No origin check: the signed token is the authority, and RFC 8058 one-click posts come from mail clients, not our pages.
      unsubscribeNewsletter: (token) => unsubscribe(shop, token),
    },
  };
}
