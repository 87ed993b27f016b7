import { data, Form, redirect, useActionData } from "react-router";
import { consoleAct, formFields } from "../../components/console/errors";
import { ActionMessage, SubmitButton } from "../../components/console/ui";
import "../../components/console/console.css";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => [{ title: "Set up your account | Seed console" }, { name: "robots", content: "noindex, nofollow" }];
// The page shows a secret: never cache it, never send its address to another site.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const pending = await context.console.pendingSetup(token);
  if (!pending) throw data({ message: "This setup link has expired or was already used. Ask an owner for a new one." }, { status: 404 });
  return { token, ...pending, passwordMin: context.console.passwordMin };
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    await context.console.completeSetup({ token: fields.token ?? "", password: fields.password ?? "", code: (fields.code ?? "").replace(/\s/g, "") });
    return redirect("/console/sign-in?ready=1");
  }, { signInPage: true });
}

export default function ConsoleSetup({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { email, role, secret, uri, token, passwordMin } = loaderData;
  return (
    <div className="c-app">
      <main className="c-main c-sign-in">
        <h1>Set up your console account</h1>
        <p>
          {email}, role {role}. Choose a password and add the console to an authenticator app (1Password, Google
          Authenticator, Authy...). This link works once.
        </p>
        <section className="c-card">
          <h2 style={{ marginTop: 0 }}>1. Add this key to your authenticator</h2>
          <p className="c-secret" aria-label="Authenticator key">
            {secret}
          </p>
          <p className="c-hint">
            Or open this on a phone with an authenticator: <a href={uri}>add to authenticator</a>
          </p>
        </section>
        <Form method="post" className="c-card c-form">
          <h2 style={{ marginTop: 0 }}>2. Choose a password and confirm a code</h2>
          <input type="hidden" name="token" value={token} />
          <label className="c-field">
            Password
            <input name="password" type="password" autoComplete="new-password" minLength={passwordMin} required />
            <span className="c-hint">At least {passwordMin} characters. A passphrase of four words is good.</span>
          </label>
          <label className="c-field">
            Code your authenticator shows now
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required />
          </label>
          <SubmitButton>Finish setup</SubmitButton>
          <ActionMessage result={result && "ok" in result ? result : undefined} />
        </Form>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="c-app">
      <main className="c-main c-sign-in">
        <h1>This setup link does not work</h1>
        <p>It has expired or was already used. Ask an owner for a new one, or run npm run console:owner again.</p>
      </main>
    </div>
  );
}
