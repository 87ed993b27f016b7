import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { MESSAGES } from "../../../domain/messages";
import { resolvePromoCodeOnLoad } from "../../../domain/promo";
import { lookupCoupon, readPromo, savePromo, synWkDiscountFor } from "./promo-code";
import "./promo.css";

type Notice = { kind: "applied" | "invalid"; code: string } | null;

/**
 * Takes a promo_code from the address on load (SPEC.md section 4), applies the quiz-code rule, and stores a
 * valid code for 720 hours. Says what happened in a polite live region.
 */
export function PromoCodeFromUrl() {
  const [params] = useSearchParams();
  const queryCode = params.get("promo_code");
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    if (!queryCode) return;
    let cancelled = false;
    (async () => {
      const stored = readPromo()?.code ?? null;
      const chosen = await resolvePromoCodeOnLoad({ queryCode, storedCode: stored, lookupSynWkPrice: synWkDiscountFor });
      if (!chosen || chosen === stored) return;
      const coupon = await lookupCoupon(chosen).catch(() => null);
      if (cancelled) return;
      if (coupon) savePromo(coupon.code);
      setNotice({ kind: coupon ? "applied" : "invalid", code: chosen });
    })();
    return () => {
      cancelled = true;
    };
  }, [queryCode]);

  if (!notice) return <p role="status" className="sr-only" />;
  return (
    <p role="status" className={`promo-notice ${notice.kind === "invalid" ? "is-invalid" : ""}`}>
      {notice.kind === "applied" ? `Promo code ${notice.code.toUpperCase()} will be applied at checkout.` : MESSAGES.invalidPromo}
    </p>
  );
}
