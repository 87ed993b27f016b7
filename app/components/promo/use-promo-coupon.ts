import { useEffect, useState } from "react";
import type { PromoCoupon } from "../../../domain/coupons";
import { PROMO_STORAGE_KEY } from "../../../domain/storage-keys";
import { lookupCoupon, PROMO_UPDATED_EVENT, readPromo } from "./promo-code";

/** The coupon of the stored promo code, kept current when the code changes in this or another tab. */
export function usePromoCoupon(): PromoCoupon | null {
  const [coupon, setCoupon] = useState<PromoCoupon | null>(null);
  useEffect(() => {
    let current = 0;
    const refresh = () => {
      const request = ++current;
      const code = readPromo()?.code;
      if (!code) return setCoupon(null);
      lookupCoupon(code)
        .then((c) => request === current && setCoupon(c))
        .catch(() => request === current && setCoupon(null));
    };
    const onStorage = (e: StorageEvent) => e.key === PROMO_STORAGE_KEY && refresh();
    refresh();
    window.addEventListener(PROMO_UPDATED_EVENT, refresh);
    window.addEventListener("storage", onStorage);
    return () => {
      window.removeEventListener(PROMO_UPDATED_EVENT, refresh);
      window.removeEventListener("storage", onStorage);
    };
  }, []);
  return coupon;
}
