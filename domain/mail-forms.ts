import { z } from "./zod";
import { isValidEmail, MESSAGES, storableText } from "./validation";

/**
 * The content site's three forms: practitioners (POST /api/mail/hcp), SeedUniversity (POST /api/mail/university) and
 * contact (POST /api/mail/contact). Each is stored, emailed to the team that answers it and acknowledged to the sender.
 */
export const MAIL_FORM_KINDS = ["hcp", "university", "contact"] as const;
export type MailFormKind = (typeof MAIL_FORM_KINDS)[number];

const required = (label: string, max: number) => storableText(max).trim().min(1, `Kindly enter your ${label}.`);
const optional = (max: number) => storableText(max).trim().optional();
const email = z.string({ error: MESSAGES.invalidEmail }).trim().toLowerCase().max(254, MESSAGES.invalidEmail).refine(isValidEmail, MESSAGES.invalidEmail);

export const HcpFormSchema = z.object({
  name: required("name", 120),
  email,
  practice: required("practice or clinic", 160),
  credential: required("licence or registration number", 80),
  country: z.string().trim().regex(/^[A-Z]{2}$/i, "Kindly choose your country.").transform((c) => c.toUpperCase()),
  message: optional(2000),
});

export const UniversityFormSchema = z.object({
  name: required("name", 120),
  email,
  institution: required("institution", 160),
  course: required("course", 160),
  // A form posts an empty field as "": that is "not given", not zero.
  students: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "Kindly enter a number of students." }).int().min(1).max(5000).optional()),
  message: optional(2000),
});

export const CONTACT_TOPICS = ["An order or delivery", "My subscription", "A product question", "Something else"] as const;
export const ContactFormSchema = z.object({
  name: required("name", 120),
  email,
  topic: z.enum(CONTACT_TOPICS, { error: "Kindly choose a topic." }),
  orderNumber: optional(40),
  message: required("message", 4000),
});

export const MAIL_FORM_SCHEMAS = { hcp: HcpFormSchema, university: UniversityFormSchema, contact: ContactFormSchema } as const;
export type MailFormInput<K extends MailFormKind> = z.infer<(typeof MAIL_FORM_SCHEMAS)[K]>;

/** Who answers each form, and what the sender is told. */
export const MAIL_FORM_TEAMS: Record<MailFormKind, { team: string; label: string; reply: string }> = {
  hcp: { team: "hcp@seed.example", label: "practitioner application", reply: "Our medical team reviews every application and answers within three working days." },
  university: { team: "university@seed.example", label: "SeedUniversity request", reply: "Our education team will send group access and teaching slides within five working days." },
  contact: { team: "care@seed.example", label: "message", reply: "Our care team answers every message within one working day." },
};

export const MAIL_FORM_SUCCESS: Record<MailFormKind, string> = {
  hcp: "Thank you. Your application is in; we have emailed you a copy.",
  university: "Thank you. Your request is in; we have emailed you a copy.",
  contact: "Thank you. Your message reached our care team; we have emailed you a copy.",
};

/** Plain field errors (first message per field) for a form answered without JavaScript. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    out[field] ??= issue.message;
  }
  return out;
}
