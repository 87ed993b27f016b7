import { getFormProps } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "react-router";
import { z } from "../../../domain/zod";
import { AddressSchema, ChangePasswordSchema, ProfileSchema, TokenField } from "../../../domain/accounts";
import { ROUTES } from "../../../domain/routes";
import { CardForm } from "../../components/account/CardForm";
import { FormAlert, FormField } from "../../components/account/FormField";
import { SelectFormField } from "../../components/account/SelectFormField";
import { useCountryOptions } from "../../components/checkout/AddressSection";
import { postalLabel, regionChoices, regionLabel } from "../../components/checkout/regions";
import { handleForm } from "../../components/account/reply.server";
import { useAccountForm, type FormReply } from "../../components/account/use-account-form";
import { requireViewer } from "../../lib/require-viewer";
import type { Route } from "./+types/settings";
import "../../components/account/account.css";

const ConfirmEmailSchema = z.object({ token: TokenField });
const SessionSchema = z.object({ id: z.uuid() });
const DeleteSchema = z.object({ confirm: z.literal("DELETE", "Type DELETE to confirm.") });
const CardSchema = z.object({ cardToken: z.string().min(1).max(200) });
const Empty = z.object({});
const UnlinkSchema = z.object({ provider: z.enum(["google", "facebook"]) });
const PROVIDER_NAMES = { google: "Google", facebook: "Facebook" } as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  requireViewer(context, request);
  const [user, sessions, address] = await Promise.all([context.accounts.user(), context.accounts.sessions(), context.accounts.settingsAddress()]);
  if (!user) requireViewer({ viewer: { ...context.viewer, signedIn: false } }, request);
  const confirmEmail = new URL(request.url).searchParams.get("confirmEmail");
  return { user: user!, sessions, address, confirmEmail: confirmEmail && /^[A-Za-z0-9_-]{43}$/.test(confirmEmail) ? confirmEmail : null };
}

export const meta: Route.MetaFunction = () => [{ title: "Settings | Seed" }, { name: "robots", content: "noindex" }];

export async function action({ context, request }: Route.ActionArgs): Promise<FormReply> {
  requireViewer(context, request);
  const formData = await request.formData();
  const intent = String(formData.get("intent"));
  const a = context.accounts;
  switch (intent) {
    case "profile":
      return handleForm(intent, formData, ProfileSchema, (v) => a.updateProfile(v), (r) => ({
        notice: r.emailChangePending ? "Saved. We sent a link to your new email: your email changes once you open it." : "Saved.",
      }));
    case "confirm-email":
      return handleForm(intent, formData, ConfirmEmailSchema, (v) => a.confirmEmail(v.token), (email) => ({ notice: `Your email is now ${email}.` }));
    case "password":
      return handleForm(intent, formData, ChangePasswordSchema, (v) => a.changePassword(v), () => ({ notice: "Password changed. Your other devices are signed out." }));
    case "address":
      return handleForm(intent, formData, AddressSchema, (v) => a.saveAddress(v), (r) => ({ notice: addressSavedNotice(r) }));
    case "card":
      return handleForm(intent, formData, CardSchema, (v) => a.replaceCard(v.cardToken), () => ({ notice: "Your new card is saved." }));
    case "session":
      return handleForm(intent, formData, SessionSchema, (v) => a.signOutSession(v.id), () => ({ notice: "That device is signed out." }));
    case "unlink":
      return handleForm(intent, formData, UnlinkSchema, (v) => a.unlinkIdentity(v.provider), () => ({ notice: "Removed: that account no longer signs in to yours." }));
    case "everywhere":
      return handleForm(intent, formData, Empty, () => a.signOutEverywhere(), () => ({ redirectTo: ROUTES.login }));
    case "delete":
      return handleForm(intent, formData, DeleteSchema, () => a.deleteAccount(), () => ({ redirectTo: ROUTES.home }));
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

function ProfileSection({ user, reply }: { user: Loaded["user"]; reply?: FormReply }) {
  const f = useAccountForm("profile", ProfileSchema, reply, { firstName: user.firstName ?? "", lastName: user.lastName ?? "", phone: user.phone ?? "", email: user.email });
  return (
    <section className="account-section" aria-labelledby="profile-title">
      <h2 id="profile-title">Your details</h2>
      <p>Your name, email and phone number.</p>
      <Form method="post" {...getFormProps(f.form)} className="auth-form" onChange={f.onChange}>
        <input type="hidden" name="intent" value="profile" />
        <FormAlert kind="error">{f.formError}</FormAlert>
        <FormAlert kind="success">{f.notice}</FormAlert>
        <div className="field-row">
          <FormField field={f.fields.firstName} label="First name" autoComplete="given-name" />
          <FormField field={f.fields.lastName} label="Last name" autoComplete="family-name" />
        </div>
        <FormField field={f.fields.email} label="Email" type="email" autoComplete="email" hint="A new email takes effect once you open the link we send to it." />
        <FormField field={f.fields.phone} label="Phone" type="tel" autoComplete="tel" />
        <button type="submit" className="button" disabled={f.busy} aria-busy={f.busy || undefined}>
          {f.busy ? "Saving…" : "Save details"}
        </button>
      </Form>
    </section>
  );
}

function ConfirmEmailSection({ token, reply }: { token: string; reply?: FormReply }) {
  const f = useAccountForm("confirm-email", ConfirmEmailSchema, reply);
  return (
    <section className="account-section" aria-labelledby="confirm-title">
      <h2 id="confirm-title">Confirm your new email</h2>
      <Form method="post" {...getFormProps(f.form)} className="auth-form">
        <input type="hidden" name="intent" value="confirm-email" />
        <input type="hidden" name="token" value={token} />
        <FormAlert kind="error">{f.formError}</FormAlert>
        <FormAlert kind="success">{f.notice}</FormAlert>
        {!f.notice && (
          <button type="submit" className="button" disabled={f.busy}>
            Confirm my new email
          </button>
        )}
      </Form>
    </section>
  );
}

function PasswordSection({ hasPassword, reply }: { hasPassword: boolean; reply?: FormReply }) {
  const f = useAccountForm("password", ChangePasswordSchema, reply);
  return (
    <section className="account-section" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <p>{hasPassword ? "Changing your password signs you out on your other devices." : "You sign in with email links or another account. Add a password if you like."}</p>
      <Form method="post" {...getFormProps(f.form)} className="auth-form" onChange={f.onChange}>
        <input type="hidden" name="intent" value="password" />
        <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
        <FormAlert kind="error">{f.formError}</FormAlert>
        <FormAlert kind="success">{f.notice}</FormAlert>
        {hasPassword && <FormField field={f.fields.currentPassword} label="Current password" type="password" autoComplete="current-password" />}
        <FormField field={f.fields.password} label="New password" type="password" autoComplete="new-password" hint="At least 6 characters." />
        <button type="submit" className="button" disabled={f.busy}>
          {f.busy ? "Saving…" : hasPassword ? "Change password" : "Add password"}
        </button>
      </Form>
    </section>
  );
}

/** What saving the address did to the member's subscriptions (they ship to it from the next shipment, in its country). */
function addressSavedNotice({ moved, elsewhere }: { moved: number; elsewhere: number }): string {
  const words = ["Saved."];
  if (moved > 0) words.push(moved === 1 ? "Your subscription ships here from its next shipment." : `Your ${moved} subscriptions ship here from their next shipment.`);
  if (elsewhere > 0) words.push(`${elsewhere === 1 ? "A subscription" : `${elsewhere} subscriptions`} priced for another country keep their address: to move one abroad, contact care.`);
  return words.join(" ");
}

function AddressSection({ user, address, reply }: { user: Loaded["user"]; address: Loaded["address"]; reply?: FormReply }) {
  const a = address.address;
  const f = useAccountForm("address", AddressSchema, reply, {
    firstName: a?.firstName ?? user.firstName ?? "",
    lastName: a?.lastName ?? user.lastName ?? "",
    address1: a?.address1 ?? "",
    address2: a?.address2 ?? "",
    city: a?.city ?? "",
    region: a?.region ?? "",
    postalCode: a?.postalCode ?? "",
    country: a?.country ?? "US",
  });
  const country = String(f.fields.country.value ?? a?.country ?? "US");
  const countries = useCountryOptions(country);
  const regions = regionChoices(country);
  const dates = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
  return (
    <section className="account-section" id="shipping-address" aria-labelledby="address-title">
      <h2 id="address-title">Shipping address</h2>
      <p>Where we send your orders and your subscriptions' shipments.</p>
      <Form method="post" {...getFormProps(f.form)} className="auth-form" onChange={f.onChange}>
        <input type="hidden" name="intent" value="address" />
        {address.source === "last_order" && (
          <FormAlert kind="info">
            From your order {address.orderNumber} of {dates.format(new Date(address.orderedAt))}. Save it to keep it for your next orders.
          </FormAlert>
        )}
        <FormAlert kind="error">{f.formError}</FormAlert>
        <FormAlert kind="success">{f.notice}</FormAlert>
        <div className="field-row">
          <FormField field={f.fields.firstName} label="First name" autoComplete="shipping given-name" />
          <FormField field={f.fields.lastName} label="Last name" autoComplete="shipping family-name" />
        </div>
        <FormField field={f.fields.address1} label="Street address" autoComplete="shipping address-line1" />
        <FormField field={f.fields.address2} label="Apartment, suite (optional)" autoComplete="shipping address-line2" />
        <div className="field-row">
          <FormField field={f.fields.city} label="City" autoComplete="shipping address-level2" />
          <SelectFormField field={f.fields.country} label="Country" options={countries} autoComplete="shipping country" />
        </div>
        <div className="field-row">
          {regions ? (
            <SelectFormField
              key={`region-${country}`}
              field={f.fields.region}
              label={regions.label}
              placeholder={`Choose a ${regions.label.toLowerCase()}`}
              options={regions.choices.map((c) => ({ value: c.code, label: c.name }))}
              autoComplete="shipping address-level1"
            />
          ) : (
            <FormField key={`region-${country}`} field={f.fields.region} label={`${regionLabel(country)} (optional)`} autoComplete="shipping address-level1" />
          )}
          <FormField field={f.fields.postalCode} label={postalLabel(country)} autoComplete="shipping postal-code" />
        </div>
        <button type="submit" className="button" disabled={f.busy}>
          {f.busy ? "Saving…" : "Save address"}
        </button>
      </Form>
    </section>
  );
}

function SessionsSection({ sessions, reply }: { sessions: Loaded["sessions"]; reply?: FormReply }) {
  const notice = reply?.intent === "session" ? reply.notice : undefined;
  const dates = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return (
    <section className="account-section" id="sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Where you're signed in</h2>
      <p>Sign out any device you don't recognise, or everywhere at once.</p>
      <FormAlert kind="success">{notice}</FormAlert>
      <ul className="session-list">
        {sessions.map((s) => (
          <li key={s.id} className="session-item">
            <div>
              {s.device}
              {s.current && " (this device)"}
              <small>{s.lastSeen ? `Last seen ${dates.format(new Date(s.lastSeen))} UTC` : "Not used yet"}</small>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="session" />
              <input type="hidden" name="id" value={s.id} />
              <button type="submit" className="button button--small button--quiet" aria-label={`Sign out ${s.device}${s.current ? " (this device)" : ""}`}>
                Sign out
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Form method="post">
        <input type="hidden" name="intent" value="everywhere" />
        <button type="submit" className="button button--quiet">
          Sign out everywhere
        </button>
      </Form>
    </section>
  );
}

function LinkedAccountsSection({ linked, reply }: { linked: string[]; reply?: FormReply }) {
  const { notice, formError: error } = useAccountForm("unlink", UnlinkSchema, reply);
  const providers = linked.filter((p): p is keyof typeof PROVIDER_NAMES => p in PROVIDER_NAMES);
  return (
    <section className="account-section" id="linked-accounts" aria-labelledby="linked-title">
      <h2 id="linked-title">Linked sign-ins</h2>
      <p>{providers.length > 0 ? "These accounts sign you in without a password. Remove any you no longer use or do not recognise." : "No Google or Facebook account signs in to your account."}</p>
      <FormAlert kind="success">{notice}</FormAlert>
      <FormAlert kind="error">{error}</FormAlert>
      {providers.length > 0 && (
        <ul className="session-list">
          {providers.map((p) => (
            <li key={p} className="session-item">
              <div>{PROVIDER_NAMES[p]}</div>
              <Form method="post">
                <input type="hidden" name="intent" value="unlink" />
                <input type="hidden" name="provider" value={p} />
                <button type="submit" className="button button--small button--quiet" aria-label={`Remove ${PROVIDER_NAMES[p]} sign-in`}>
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DataSection({ reply }: { reply?: FormReply }) {
  const f = useAccountForm("delete", DeleteSchema, reply);
  return (
    <section className="account-section" id="data" aria-labelledby="data-title">
      <h2 id="data-title">Your data</h2>
      <p>Download everything we hold about you, or delete your account. We keep your orders, as the law requires, with your name and contact details removed.</p>
      <p>
        <a className="text-link" href="/api/user/data" download="seed-account-data.json">
          Download my data (JSON)
        </a>
      </p>
      <Form method="post" {...getFormProps(f.form)} className="auth-form" onChange={f.onChange}>
        <input type="hidden" name="intent" value="delete" />
        <FormAlert kind="error">{f.formError}</FormAlert>
        <FormField field={f.fields.confirm} label="Type DELETE to delete your account" hint="This signs you out everywhere and cannot be undone." />
        <button type="submit" className="button button--danger" disabled={f.busy}>
          Delete my account
        </button>
      </Form>
    </section>
  );
}

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const reply = useActionData<typeof action>();
  const { user, sessions, address, confirmEmail } = loaderData;
  return (
    <main id="main" className="account-page">
      <header className="account-header">
        <p className="auth-eyebrow">Your Account</p>
        <h1 className="page-title">Settings</h1>
        {!user.emailVerified && <FormAlert kind="info">Your email is not verified yet. Open the link we sent you to verify it.</FormAlert>}
      </header>
      <div className="account-grid">
        {confirmEmail && <ConfirmEmailSection token={confirmEmail} reply={reply} />}
        <ProfileSection user={user} reply={reply} />
        <AddressSection user={user} address={address} reply={reply} />
        <PasswordSection hasPassword={user.hasPassword} reply={reply} />
        <section className="account-section" id="billing" aria-labelledby="billing-title">
          <h2 id="billing-title">Billing</h2>
          <CardForm card={user.card} />
        </section>
        <SessionsSection sessions={sessions} reply={reply} />
        <LinkedAccountsSection linked={user.linkedAccounts} reply={reply} />
        <DataSection reply={reply} />
      </div>
    </main>
  );
}
