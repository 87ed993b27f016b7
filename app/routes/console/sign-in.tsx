import { Form, redirect, useActionData, useSearchParams } from "react-router";
import { consoleAct, formFields } from "../../components/console/errors";
import { ActionMessage, SubmitButton } from "../../components/console/ui";
import "../../components/console/console.css";
import type { Route } from "./+types/sign-in";
import { returnPathOf } from "../../../domain/safe-return";

export const meta: Route.MetaFunction = () => [{ title: "Sign in | Seed console" }, { name: "robots", content: "noindex, nofollow" }];
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

/** Only paths inside the console are followed after signing in (never another site). */
/** Back to the console page asked for: a same-origin path (domain/safe-return.ts) under /console, else the dashboard. */
function safeNext(next: string | null): string {
  const path = returnPathOf(next);
  return path && /^\/console(\/|$|\?)/.test(path) ? path : "/console";
}

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.console.signedIn()) throw redirect(safeNext(new URL(request.url).searchParams.get("next")));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    const cookie = await context.console.signIn({ email: fields.email ?? "", password: fields.password ?? "", code: (fields.code ?? "").replace(/\s/g, "") });
    return redirect(safeNext(fields.next ?? null), { headers: { "Set-Cookie": cookie } });
  }, { signInPage: true });
}

export default function ConsoleSignIn() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  return (
    <div className="c-app">
      <main className="c-main c-sign-in">
        <h1>Sign in to the Seed console</h1>
        <p>For the people who run the shop. Customers sign in on the shop instead.</p>
        {params.get("signed-out") ? <p className="c-ok">You are signed out.</p> : null}
        {params.get("ready") ? <p className="c-ok">Your account is ready. Sign in with the next code your app shows.</p> : null}
        <Form method="post" className="c-card c-form">
          <input type="hidden" name="next" value={params.get("next") ?? ""} />
          <label className="c-field">
            Email
            <input name="email" type="email" autoComplete="username" required />
          </label>
          <label className="c-field">
            Password
            <input name="password" type="password" autoComplete="current-password" required />
          </label>
          <label className="c-field">
            Code from your authenticator app
            <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" required />
            <span className="c-hint">6 digits. A code works once; wait for the next one if you just used it.</span>
          </label>
          <SubmitButton>Sign in</SubmitButton>
          <ActionMessage result={result && "ok" in result ? result : undefined} />
        </Form>
      </main>
    </div>
  );
}
