import { Link } from "react-router";
import { pointsExpireAt } from "../../../domain/cancellation";
import { ROUTES } from "../../../domain/routes";
import { CANCELED_MESSAGE } from "../../../domain/subscription-actions";
import type { PortalSubscription } from "../../../server/modules/subscriptions";
import { formatDay, formatDayTime } from "./format";
import { ReactivateForm } from "./ReactivateForm";

export function CanceledPage({ subscription: s, email }: { subscription: PortalSubscription; email: string | null }) {
  const at = s.canceledAt!;
  return (
    <main id="main" className="portal portal--narrow">
      <h1 className="portal__title">{CANCELED_MESSAGE}</h1>
      <p role="status" className="portal__notice portal__notice--success">
        {s.planName} was canceled on {formatDayTime(at)}.{email ? ` We sent a confirmation to ${email}.` : ""}
      </p>
      <p>You will not be charged again for this subscription. Your loyalty points stay until {formatDay(pointsExpireAt(new Date(at)).toISOString())}.</p>
      <p>Changed your mind? Reactivate and your shipments start again.</p>
      <div className="portal__actions">
        <ReactivateForm id={s.id} name={s.planName} />
        <Link to={ROUTES.subscriptions} className="portal__link">
          Back to subscriptions
        </Link>
      </div>
    </main>
  );
}
