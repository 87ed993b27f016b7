/** Coupons: their rules, limits and redemptions. */
export * from "./coupons";
export * from "./redeem";
export * from "./usable";
export * from "./admin";
