import { Link } from "react-router";
import { ROUTES } from "../../../domain/routes";

/** Where a lost visitor most likely meant to go: the products, and the help they came for. */
const PRODUCTS = [
  { to: ROUTES.daily_synbiotic, name: "DS-01® Daily Synbiotic", about: "For adults 18+: two capsules a day, on subscription." },
  { to: ROUTES.pediatric_daily, name: "PDS-08® Pediatric Daily Synbiotic", about: "For kids and teens 3–17: one powder sachet a day, stirred into food or drink." },
  { to: ROUTES.vaginal_synbiotic, name: "VS-01™ Vaginal Synbiotic", about: "For vaginal health: a starter kit, then a monthly or 3-month refill." },
] as const;

const HELP = [
  { to: ROUTES.subscriptions, label: "Manage, skip or cancel a subscription" },
  { to: ROUTES.order_history, label: "Find an order or an invoice" },
  { to: ROUTES.faq, label: "Questions people ask us" },
  { to: ROUTES.shipping, label: "Shipping and delivery times" },
  { to: ROUTES.contact, label: "Write to our care team" },
] as const;

/** The 404's ways on (issue 34): no search box, just the pages people look for. */
export function WaysOn() {
  return (
    <div className="ways-on">
      <section aria-labelledby="ways-on-shop">
        <h2 id="ways-on-shop" className="ways-on__title">
          Shop
        </h2>
        <ul className="ways-on__products">
          {PRODUCTS.map((p) => (
            <li key={p.to}>
              <Link to={p.to} className="ways-on__product">
                <strong>{p.name}</strong>
                <span>{p.about}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="ways-on-help">
        <h2 id="ways-on-help" className="ways-on__title">
          Help
        </h2>
        <ul className="ways-on__help">
          {HELP.map((h) => (
            <li key={h.to}>
              <Link to={h.to}>{h.label}</Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
