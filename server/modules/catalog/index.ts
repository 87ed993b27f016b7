/** The catalogue: products, plans, price lists and the offers a page or cart is priced with. */
export * from "./offers";
export * from "./plans";
export * from "./price-list";
export * from "./products";
export * from "./product-profiles";
export * from "./seed";
export { announceCatalogChange, CATALOG_CHANGED, forgetCatalog } from "./snapshot";
export * from "./plan-names";
