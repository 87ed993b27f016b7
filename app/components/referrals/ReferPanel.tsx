import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { LOYALTY_RATE_WORDS, REDEEM_BLOCK_POINTS } from "../../../domain/loyalty";
import { formatMoney } from "../../../domain/money";
import type { ReferPageView } from "../../../domain/referral-page";
import { FRIEND_OFFER_WORDS, MONTHLY_REWARD_CAP, REFERRAL_STATUS_WORDS, REFUND_WINDOW_DAYS, STANDING_WORDS } from "../../../domain/referrals";
import { ROUTES } from "../../../domain/routes";
import { EVENTS } from "../../../domain/event-names";
import { track } from "../../lib/analytics";
import "./referrals.css";

export interface RedeemResult {
  ok: boolean;
  message: string;
}

const money = (amount: number, currency: string) => formatMoney({ amount, currency } as Parameters<typeof formatMoney>[0], "en-US", { dropZeroCents: true });

/** The member's referral link with copy and share, what each side gets, and the counts (SPEC.md sections 2 and 6). */
export function ReferPanel({ view, headingLevel = 2, trafficSource, result }: { view: ReferPageView; headingLevel?: 2 | 3; trafficSource: string | null; result?: RedeemResult | null }) {
  const H = `h${headingLevel}` as "h2";
  const reward = money(view.reward.amount, view.reward.currency);
  if (view.standing !== "open") {
    return (
      <div className="refer-panel" data-testid="refer-standing" data-standing={view.standing}>
        <H className="refer-title">Give {FRIEND_OFFER_WORDS.replace("their", "a friend's")}, get {reward}</H>
        <p role="status">{STANDING_WORDS[view.standing]}</p>
        {view.standing === "ineligible" ? (
          <p>
            <Link to={ROUTES.contact} className="text-link">
              Contact our care team
            </Link>
          </p>
        ) : (
          <p>
            <Link to={ROUTES.daily_synbiotic} className="text-link">
              Shop DS-01® Daily Synbiotic
            </Link>
          </p>
        )}
        <PointsPanel view={view} result={result ?? null} />
      </div>
    );
  }
  return (
    <div className="refer-panel">
      <H className="refer-title">Give {FRIEND_OFFER_WORDS.replace("their", "a friend's")}, get {reward}</H>
      <p>
        Your friend gets {FRIEND_OFFER_WORDS} when they use your link. You get {reward} in credit once their order is paid and {REFUND_WINDOW_DAYS} days have
        passed without a refund. The credit comes off your next renewal by itself. Up to {MONTHLY_REWARD_CAP} rewards a month.
      </p>
      <ShareLink link={view.link!} trafficSource={trafficSource} />
      <dl className="refer-stats">
        <div>
          <dt>Friends invited</dt>
          <dd data-testid="refer-invited">{view.summary.invited}</dd>
        </div>
        <div>
          <dt>Pending</dt>
          <dd data-testid="refer-pending">{view.summary.pending}</dd>
        </div>
        <div>
          <dt>Earned</dt>
          <dd data-testid="refer-earned">
            {view.summary.earned} {view.summary.earnedAmount > 0 && <span className="refer-muted">({money(view.summary.earnedAmount, view.reward.currency)})</span>}
          </dd>
        </div>
      </dl>
      {view.recent.length > 0 && (
        <ul className="refer-recent" aria-label="Your latest referrals">
          {view.recent.map((r, i) => (
            <li key={i}>
              {new Date(r.date).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })}: {REFERRAL_STATUS_WORDS[r.status]}
            </li>
          ))}
        </ul>
      )}
      <PointsPanel view={view} result={result ?? null} />
    </div>
  );
}

/** The link in a read-only field (select and copy works without JavaScript), a copy button and sharing. */
function ShareLink({ link, trafficSource }: { link: string; trafficSource: string | null }) {
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState<string>("");
  useEffect(() => setHydrated(true), []);
  const location = trafficSource ? `refer_${trafficSource}` : "refer";
  const message = `I take Seed's DS-01 every day. Here is ${FRIEND_OFFER_WORDS.replace("their", "your")}: ${link}`;
  const copy = async () => {
    track(EVENTS.buttonClicked, { name: "Copy referral link", location });
    try {
      await navigator.clipboard.writeText(link);
      setCopied("Link copied.");
    } catch {
      const field = document.getElementById("refer-link") as HTMLInputElement | null;
      field?.select();
      setCopied(document.execCommand?.("copy") ? "Link copied." : "Select the link and copy it.");
    }
  };
  const share = async () => {
    track(EVENTS.buttonClicked, { name: "Share referral link", location });
    try {
      await navigator.share({ title: "Seed", text: message, url: link });
    } catch {
      /* the member closed the share sheet */
    }
  };
  return (
    <div className="refer-share">
      <label htmlFor="refer-link" className="refer-label">
        Your link
      </label>
      <div className="refer-row">
        <input id="refer-link" className="refer-input" readOnly value={link} onFocus={(e) => e.currentTarget.select()} data-testid="refer-link-field" />
        {hydrated && (
          <button type="button" className="button" onClick={copy} data-testid="refer-copy">
            Copy link
          </button>
        )}
      </div>
      <p className="refer-muted" role="status" aria-live="polite" data-testid="refer-copy-status">
        {copied || (hydrated ? "" : "Select the link and copy it.")}
      </p>
      <div className="refer-row">
        <a className="button button--quiet" href={`mailto:?subject=${encodeURIComponent(`A gift from Seed: ${FRIEND_OFFER_WORDS.replace("their", "your")}`)}&body=${encodeURIComponent(message)}`}>
          Share by email
        </a>
        <a className="button button--quiet" href={`sms:?&body=${encodeURIComponent(message)}`}>
          Share by text
        </a>
        {hydrated && typeof navigator !== "undefined" && "share" in navigator && (
          <button type="button" className="button button--quiet" onClick={share}>
            Share…
          </button>
        )}
      </div>
    </div>
  );
}

function PointsPanel({ view, result }: { view: ReferPageView; result: RedeemResult | null }) {
  return (
    <div className="refer-points" aria-labelledby="points-title">
      <h3 id="points-title">Points and credit</h3>
      <p>
        You have <strong data-testid="points-balance">{view.points}</strong> points
        {view.credit.length > 0 && (
          <>
            {" "}
            and <strong data-testid="credit-balance">{view.credit.map((c) => money(c.amount, c.currency)).join(", ")}</strong> of credit for your next renewal
          </>
        )}
        .
      </p>
      <p className="refer-muted">{LOYALTY_RATE_WORDS} Points expire 90 days after you cancel, unless you reactivate before then.</p>
      {result && (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "refer-ok" : "refer-error"}>
          {result.message}
        </p>
      )}
      {view.points >= REDEEM_BLOCK_POINTS && (
        <Form method="post" className="refer-row">
          <input type="hidden" name="intent" value="redeem" />
          <input type="hidden" name="key" value={view.redeemKey} />
          <input type="hidden" name="points" value={Math.floor(view.points / REDEEM_BLOCK_POINTS) * REDEEM_BLOCK_POINTS} />
          <button type="submit" className="button" data-testid="redeem-points">
            Use {Math.floor(view.points / REDEEM_BLOCK_POINTS) * REDEEM_BLOCK_POINTS} points on my next renewal
          </button>
        </Form>
      )}
    </div>
  );
}
