import { data, Link } from "react-router";
import { cookieString } from "../../../domain/cookie-string";
import { FRIEND_OFFER, isReferralCode, REFERRAL_COOKIE } from "../../../domain/referrals";
import { ROUTES } from "../../../domain/routes";
import { Money } from "../../components/cart/Money";
import type { Route } from "./+types/landing";
import "../../components/referrals/referrals.css";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const code = (params.code ?? "").toUpperCase();
  // The product at the friend's price (checkout's own pricing) and, if the member allows, their first name (ADR 0063).
  const landing = isReferralCode(code) ? await context.referrals.landing(code, context.country) : null;
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  // Kept 30 days so the friend can come back to order; read only by checkout to credit the friend who sent it.
  if (landing) headers.append("Set-Cookie", cookieString(REFERRAL_COOKIE, code, { maxAgeS: 30 * 86400, httpOnly: true, protocol: new URL(request.url).protocol }));
  return data({ landing }, { headers, status: landing ? 200 : 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "A gift from a friend | Seed" }, { name: "robots", content: "noindex" }];

/** Where a referral link lands: who sent it (if they allow it), the product at the friend's price, the way to the shop. */
export default function ReferralLanding({ loaderData }: Route.ComponentProps) {
  const { landing } = loaderData;
  const shop = `${ROUTES.daily_synbiotic}?promo_code=${FRIEND_OFFER.code}`;
  if (!landing) {
    return (
      <main id="main" className="refer-landing">
        <h1 className="page-title">This referral link is not valid</h1>
        <p>Check the link your friend sent, or shop without it.</p>
        <p>
          <Link to={ROUTES.daily_synbiotic} className="button">
            Shop DS-01® Daily Synbiotic
          </Link>
        </p>
      </main>
    );
  }
  const sender = landing.referrerFirstName ? `${landing.referrerFirstName} sent you` : "A Seed member sent you";
  return (
    <main id="main" className="refer-landing">
      <p className="auth-eyebrow">A gift from a friend</p>
      <h1 className="page-title">
        {sender} {FRIEND_OFFER.percent}% off your first order
      </h1>
      <section className="refer-landing__product" aria-labelledby="landing-product">
        <img src={landing.product.image} alt="" width={160} height={160} className="refer-landing__image" />
        <div className="refer-landing__details">
          <h2 id="landing-product" className="refer-landing__name">
            {landing.product.name}
          </h2>
          <p className="refer-landing__price" data-testid="landing-price">
            <span className="refer-landing__now">
              <Money amount={landing.friendPrice} currency={landing.currency} country={landing.country} />
            </span>{" "}
            <s className="refer-landing__was" aria-label="instead of">
              <Money amount={landing.listPrice} currency={landing.currency} country={landing.country} />
            </s>
          </p>
          <p className="refer-muted">
            Your first order with the code {FRIEND_OFFER.code}, applied when you shop from here. It works once, for a new customer; shipping is
            shown at checkout.
          </p>
          <p>
            <Link to={shop} className="button" data-testid="landing-shop">
              Shop DS-01® Daily Synbiotic
            </Link>
          </p>
        </div>
      </section>
    </main>
  );
}
