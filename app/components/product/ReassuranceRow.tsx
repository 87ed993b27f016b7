import { reassuranceFor, type ReassuranceIcon, type ReassuranceItem } from "../../../domain/product-profile";

/**
 * What makes trying it safe, right under Add to cart (ADR 0069): free shipping where it applies (an item limited to
 * some countries shows only there, following the shopper's country as they change it), skip or cancel any time, and
 * the first-order refund. From the product's profile, which operators edit.
 */
export function ReassuranceRow({ items, country }: { items: readonly ReassuranceItem[]; country: string }) {
  const shown = reassuranceFor(items, country);
  if (shown.length === 0) return null;
  return (
    <ul className="reassurance" aria-label="Before you buy">
      {shown.map((item) => (
        <li key={item.title} className="reassurance__item">
          <Icon name={item.icon} />
          <span>
            <strong className="reassurance__title">{item.title}</strong>
            <span className="reassurance__text">{item.text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The few icons an operator picks from: simple line drawings in the brand's colour. */
const PATHS: Record<ReassuranceIcon, string> = {
  shipping: "M3 7h11v9H3zM14 10h4l3 3v3h-7M7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17.5 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
  calendar: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M9 15l2 2 4-4",
  guarantee: "M12 3l7 3v5c0 4.5-3 8-7 10-4-2-7-5.5-7-10V6zM9 12l2 2 4-4",
  leaf: "M5 19c0-8 5-13 14-14-1 9-6 14-14 14zM5 19l7-7",
  lab: "M9 3h6M10 3v6l-5 9a2 2 0 0 0 2 3h10a2 2 0 0 0 2-3l-5-9V3M7.5 15h9",
};

function Icon({ name }: { name: ReassuranceIcon }) {
  return (
    <svg className="reassurance__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
