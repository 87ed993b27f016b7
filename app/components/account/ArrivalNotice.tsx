import { FormAlert } from "./FormField";

/** Why a member just arrived on their account: a sign-up (the verification email follows) or an opened verification link. */
export type Arrival = "signed-up" | "verified";

/** Reads the arrival from the account home's address (?welcome=1 after a sign-up, ?verified=1 from the link). */
export function arrivalOf(url: URL): Arrival | null {
  if (url.searchParams.get("verified") === "1") return "verified";
  if (url.searchParams.get("welcome") === "1") return "signed-up";
  return null;
}

/** The account home's first words after a sign-up or a verification, announced politely. */
export function ArrivalNotice({ arrival, email }: { arrival: Arrival | null; email: string }) {
  if (!arrival) return null;
  return (
    <FormAlert kind="success">
      {arrival === "verified" ? (
        <>
          <strong>Your email is verified.</strong> You are signed in, and everything in your account is ready.
        </>
      ) : (
        <>
          <strong>Welcome to Seed, your account is ready.</strong> We sent a link to {email}: open it to verify your email.
        </>
      )}
    </FormAlert>
  );
}
