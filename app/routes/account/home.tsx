import { data, Link } from "react-router";
import { ROUTES } from "../../../domain/routes";
import { NextShipment } from "../../components/subscriptions/NextShipment";
import { ReferPanel } from "../../components/referrals/ReferPanel";
import { redeemAction, referLoaderData } from "../../components/referrals/refer-loader.server";
import { requireViewer } from "../../lib/require-viewer";
import { ArrivalNotice, arrivalOf } from "../../components/account/ArrivalNotice";
import { ProductPhotos } from "../../components/product/product-photos";
import type { Route } from "./+types/home";
import "../../components/account/account.css";
import "../../components/subscriptions/portal.css";

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireViewer(context, request);
  const [{ view, headers }, subscriptions, photos] = await Promise.all([referLoaderData(context, request), context.subscriptions.list(), context.catalog.photos()]);
  // The soonest shipment of the member's active subscriptions leads the page (issue 34, point 8).
  const next = subscriptions.filter((s) => s.status === "active").sort((a, b) => a.nextBillingAt.localeCompare(b.nextBillingAt))[0] ?? null;
  return data({ firstName: viewer.firstName, email: viewer.email, refer: view, next, photos, arrival: arrivalOf(new URL(request.url)) }, { headers });
}

/** The points form of the #refer section. */
export async function action({ context, request }: Route.ActionArgs) {
  return redeemAction(context, request);
}

export const meta: Route.MetaFunction = () => [{ title: "Home | Your Account | Seed" }, { name: "robots", content: "noindex" }];

const LINKS = [
  { to: ROUTES.subscriptions, title: "Subscriptions", text: "Your next shipment, and changes to your plan." },
  { to: ROUTES.order_history, title: "Order History", text: "Every order, with invoices and tracking." },
  { to: ROUTES.settings, title: "Settings", text: "Details, address, card, password and devices." },
];

/** The member's home (SPEC.md section 2, member_homepage): a greeting, the next shipment, the account's places, and the #refer section. */
export default function MemberHome({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="account-page">
      <header className="account-header">
        <p className="auth-eyebrow">Your Account</p>
        <h1 className="page-title">{loaderData.firstName ? `Hi, ${loaderData.firstName}` : "Welcome back"}</h1>
        <p className="page-intro">Signed in as {loaderData.email}.</p>
        <ArrivalNotice arrival={loaderData.arrival} email={loaderData.email} />
      </header>
      {loaderData.next && (
        <ProductPhotos photos={loaderData.photos}>
          <NextShipment subscription={loaderData.next} />
        </ProductPhotos>
      )}
      <nav aria-label="Your account" className="member-links">
        {LINKS.map((l) => (
          <Link key={l.to} to={l.to} className="member-link">
            <strong>{l.title}</strong>
            <span>{l.text}</span>
          </Link>
        ))}
      </nav>
      <section id="refer" className="refer-section" aria-label="Refer a friend">
        <ReferPanel view={loaderData.refer} trafficSource="account_home" result={actionData ?? null} />
        <p>
          <Link to={ROUTES.refer} className="text-link">
            Go to your referral page
          </Link>
        </p>
      </section>
    </main>
  );
}
