import { redirect } from "react-router";
import { ROUTES } from "../../../domain/routes";
import type { Route } from "./+types/logout";

/** Sign Out as a plain form (before JavaScript loads): ends the session, records Logout, goes to the login page. */
export async function action({ context }: Route.ActionArgs) {
  const result = await context.accounts.signOut();
  throw redirect(ROUTES.login, { headers: result.ok && result.setCookie ? { "Set-Cookie": result.setCookie } : {} });
}

export async function loader() {
  throw redirect(ROUTES.login);
}
