import { redirect } from "react-router";
import { ROUTES } from "../../../domain/routes";
import { safeReturnTo } from "../../lib/require-viewer";
import type { Route } from "./+types/social-callback";

/** Where Google or Facebook sends the shopper back: exchange the code (state, nonce and PKCE checked), then go on. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const provider = params.provider === "google" || params.provider === "facebook" ? params.provider : null;
  const code = url.searchParams.get("code");
  const state = url.searchParams.get("state");
  // The login page shows the catalogue's words for the code: never text from the address bar, which anyone can write.
  const failed = (error: string) => redirect(`${ROUTES.login}?${new URLSearchParams({ social: error })}`);
  if (!provider || !code || !state || code.length > 2048 || state.length > 200) throw failed("cancelled");
  const iss = url.searchParams.get("iss") ?? undefined;
  const result = await context.accounts.socialCallback(provider, { code, state, iss });
  if (!result.ok) throw failed(result.error.code);
  throw redirect(safeReturnTo(result.value.redirectTo), { headers: { "Set-Cookie": result.setCookie!, "Cache-Control": "no-store" } });
}

export default function SocialCallback() {
  return null;
}
