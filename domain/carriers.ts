/** Carriers an operator can pick when marking an order shipped, and where a member follows the parcel. */
export const CARRIERS = {
  usps: { label: "USPS", trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels={n}" },
  ups: { label: "UPS", trackingUrl: "https://www.ups.com/track?tracknum={n}" },
  fedex: { label: "FedEx", trackingUrl: "https://www.fedex.com/fedextrack/?trknbr={n}" },
  dhl: { label: "DHL", trackingUrl: "https://www.dhl.com/global-en/home/tracking.html?tracking-id={n}" },
  "royal-mail": { label: "Royal Mail", trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/{n}" },
  "canada-post": { label: "Canada Post", trackingUrl: "https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}" },
  "australia-post": { label: "Australia Post", trackingUrl: "https://auspost.com.au/mypost/track/details/{n}" },
} as const;

export type CarrierCode = keyof typeof CARRIERS;
export const CARRIER_CODES = Object.keys(CARRIERS) as CarrierCode[];

/** Letters, digits and dashes only: the number goes into a link. */
export const TRACKING_NUMBER = /^[A-Za-z0-9-]{6,40}$/;

export const trackingUrl = (carrier: CarrierCode, trackingNumber: string) =>
  CARRIERS[carrier].trackingUrl.replace("{n}", encodeURIComponent(trackingNumber));

/** "SD-100042", "sd100042" or "100042" -> the order sequence 42; anything else null. */
export function orderSequenceFrom(query: string): number | null {
  const match = /^(?:sd-?)?(\d{6,9})$/i.exec(query.trim());
  if (!match) return null;
  const sequence = Number(match[1]) - 100000;
  return sequence > 0 && sequence < 2 ** 31 ? sequence : null;
}
