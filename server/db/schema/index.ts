// One schema for both drivers. Each file belongs to the module of the same name under server/modules.
export * from "./analytics";
export * from "./auth";
export * from "./content";
export * from "./customers";
export * from "./newsletter";
export * from "./catalog";
export * from "./coupons";
export * from "./orders";
export * from "./payments";
export * from "./sandbox-gateway";
export * from "./subscriptions";
export * from "./email";
export * from "./rate-limit";
