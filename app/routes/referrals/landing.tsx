import { data, Link } from "react-router";
import { cookieString } from "../../../domain/cookie-string";
import { FRIEND_OFFER, FRIEND_OFFER_WORDS, isReferralCode, REFERRAL_COOKIE } from "../../../domain/referrals";
import { ROUTES } from "../../../domain/routes";
import type { Route } from "./+types/landing";
import "../../components/referrals/referrals.css";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const code = (params.code ?? "").toUpperCase();
  const valid = isReferralCode(code) && (await context.referrals.codeIsValid(code));
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  // Kept 30 days so the friend can come back to order; read only by checkout to credit the friend who sent it.
  if (valid) headers.append("Set-Cookie", cookieString(REFERRAL_COOKIE, code, { maxAgeS: 30 * 86400, httpOnly: true, protocol: new URL(request.url).protocol }));
  return data({ valid }, { headers, status: valid ? 200 : 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "A gift from a friend | Seed" }, { name: "robots", content: "noindex" }];

/** Where a referral link lands: the friend's offer in plain words and the way to the shop, with the code applied. */
export default function ReferralLanding({ loaderData }: Route.ComponentProps) {
  const shop = `${ROUTES.daily_synbiotic}?promo_code=${FRIEND_OFFER.code}`;
  return (
    <main id="main" className="refer-landing">
      {loaderData.valid ? (
        <>
          <p className="auth-eyebrow">A gift from a friend</p>
          <h1 className="page-title">{FRIEND_OFFER.percent}% off your first order</h1>
          <p>
            A Seed member sent you this link. You get {FRIEND_OFFER_WORDS.replace("their", "your")}: the code {FRIEND_OFFER.code} is applied when you shop from
            here. It works once, for a new customer.
          </p>
          <p>
            <Link to={shop} className="button" data-testid="landing-shop">
              Shop DS-01® Daily Synbiotic
            </Link>
          </p>
        </>
      ) : (
        <>
          <h1 className="page-title">This referral link is not valid</h1>
          <p>Check the link your friend sent, or shop without it.</p>
          <p>
            <Link to={ROUTES.daily_synbiotic} className="button">
              Shop DS-01® Daily Synbiotic
            </Link>
          </p>
        </>
      )}
    </main>
  );
}
