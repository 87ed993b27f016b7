import { createRoute, z } from "@hono/zod-openapi";
import { ContactFormSchema, HcpFormSchema, UniversityFormSchema, type MailFormKind } from "../../../domain/mail-forms";
import { submitMailForm } from "../../modules/mail-forms";
import { clientAddressKey } from "../middleware/client-ip";
import { createRouter, errorResponses, jsonBody, jsonResponse, rateLimitedResponses } from "../openapi";

const Accepted = z.object({ id: z.string() });

const formRoute = (kind: MailFormKind, schema: z.ZodType, summary: string) =>
  createRoute({
    method: "post",
    path: `/mail/${kind}`,
    summary,
    request: { body: jsonBody(schema) },
    responses: { 200: jsonResponse("Stored, emailed to the team and acknowledged to the sender", Accepted), ...errorResponses, ...rateLimitedResponses },
  });

const hcp = formRoute("hcp", HcpFormSchema, "A practitioner's application (the practitioners page)");
const university = formRoute("university", UniversityFormSchema, "A SeedUniversity group request (the seeduniversity page)");
const contact = formRoute("contact", ContactFormSchema, "A message to member care (the contact page)");

export const mailFormsApi = createRouter()
  .openapi(hcp, async (c) => c.json(await submitMailForm(c.get("shop"), "hcp", c.req.valid("json"), clientAddressKey(c)), 200))
  .openapi(university, async (c) => c.json(await submitMailForm(c.get("shop"), "university", c.req.valid("json"), clientAddressKey(c)), 200))
  .openapi(contact, async (c) => c.json(await submitMailForm(c.get("shop"), "contact", c.req.valid("json"), clientAddressKey(c)), 200));
