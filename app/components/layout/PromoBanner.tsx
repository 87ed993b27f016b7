import { Link } from "react-router";
import { EVENTS } from "../../../domain/event-names";
import { ROUTES } from "../../../domain/routes";
import { showQuizBanner } from "../../../domain/shell";
import { track } from "../../lib/analytics";
import { useHasStoredPromoCode } from "../promo/promo-code";

interface PromoBannerProps {
  pathname: string;
  quizAudience: boolean;
  signedIn: boolean;
  promoCodeInUrl: string | null;
}

/** The quiz banner above the header (SPEC.md section 2). A stored promo code hides it once the page is interactive. */
export function PromoBanner({ pathname, quizAudience, signedIn, promoCodeInUrl }: PromoBannerProps) {
  const storedPromo = useHasStoredPromoCode();
  const promoCode = promoCodeInUrl || (storedPromo ? "stored" : null);
  if (!showQuizBanner({ pathname, quizAudience, signedIn, promoCode })) return null;
  return (
    <aside className="promo-banner" aria-label="Quiz">
      <Link
        to={ROUTES.quiz}
        className="promo-banner-link"
        onClick={() => track(EVENTS.buttonClicked, { name: "Take the quiz", location: "promo banner" })}
      >
        Not sure where to start? <span className="underline underline-offset-4">Take the 2-minute quiz</span>
        <span aria-hidden="true"> →</span>
      </Link>
    </aside>
  );
}
