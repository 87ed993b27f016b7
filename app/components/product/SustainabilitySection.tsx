import { Link } from "react-router";
import { ROUTES } from "../../../domain/routes";

/** The daily synbiotic page's sustainability section; Start now goes to the buy page. */
export function SustainabilitySection() {
  return (
    <section className="sustainability" aria-labelledby="sustainability-title">
      <h2 id="sustainability-title" className="section-title">
        A glass jar for life, refills that compost
      </h2>
      <p>
        Your starter kit comes with a glass jar and a travel vial. Every refill after that arrives in a compostable
        pouch, with no plastic, no refrigeration and lighter shipping.
      </p>
      <Link to={ROUTES.buy} className="button">
        Start now
      </Link>
    </section>
  );
}
