import { z } from "./zod";
import { storableText, StrictEmailField } from "./validation";

/**
 * The content site's three forms: practitioners (POST /api/mail/hcp), SeedUniversity (POST /api/mail/university) and
 * contact (POST /api/mail/contact). Each is stored, emailed to the team that answers it and acknowledged to the sender.
 */
export const MAIL_FORM_KINDS = ["hcp", "university", "contact"] as const;
export type MailFormKind = (typeof MAIL_FORM_KINDS)[number];

/** Line breaks and other control characters (a tab aside): a one-line field never holds them, and the name goes into a subject line. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029]/;
/** Free text, on as many lines as typed (the message). */
const text = (max: number) => storableText(max).trim();
const oneLine = (label: string, max: number) => text(max).refine((s) => !CONTROL_CHARACTER.test(s), `Kindly write your ${label} on one line.`);
const required = (label: string, max: number) => oneLine(label, max).min(1, `Kindly enter your ${label}.`);
const optionalLine = (label: string, max: number) => oneLine(label, max).optional();
const email = StrictEmailField;

export const HcpFormSchema = z.object({
  name: required("name", 120),
  email,
  practice: required("practice or clinic", 160),
  credential: required("licence or registration number", 80),
  country: z.string().trim().regex(/^[A-Z]{2}$/i, "Kindly choose your country.").transform((c) => c.toUpperCase()),
  message: text(2000).optional(),
});

export const UniversityFormSchema = z.object({
  name: required("name", 120),
  email,
  institution: required("institution", 160),
  course: required("course", 160),
  // A form posts an empty field as "": that is "not given", not zero.
  students: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number({ error: "Kindly enter a number of students." }).int().min(1).max(5000).optional()),
  message: text(2000).optional(),
});

export const CONTACT_TOPICS = ["An order or delivery", "My subscription", "A product question", "Something else"] as const;
export const ContactFormSchema = z.object({
  name: required("name", 120),
  email,
  topic: z.enum(CONTACT_TOPICS, { error: "Kindly choose a topic." }),
  orderNumber: optionalLine("order number", 40),
  message: text(4000).min(1, "Kindly enter your message."),
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
  hcp: "Thank you. Your application is in; we have emailed you a confirmation.",
  university: "Thank you. Your request is in; we have emailed you a confirmation.",
  contact: "Thank you. Your message reached our care team; we have emailed you a confirmation.",
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
