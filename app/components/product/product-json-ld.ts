import { toMajor } from "../../../domain/money";
import type { ProductOffer } from "../../../domain/offers";

/** schema.org Product with one Offer per plan the shopper can buy, for search engines. */
export function productJsonLd(offers: ProductOffer[], pageUrl: string) {
  const main = offers[0];
  if (!main) return null;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: main.name,
    description: main.description,
    sku: main.sku,
    image: new URL(main.image, pageUrl).href,
    brand: { "@type": "Brand", name: "Seed" },
    offers: offers
      .filter((o) => o.available && o.price)
      .map((o) => ({
        "@type": "Offer",
        sku: o.sku,
        name: o.name,
        price: toMajor(o.price!.amount).toFixed(2),
        priceCurrency: o.price!.currency,
        availability: "https://schema.org/InStock",
        url: pageUrl,
      })),
  };
}
