import "./stars.css";

const STAR = "M12 2.6l2.83 5.93 6.52.78-4.8 4.5 1.25 6.45L12 17.1l-5.8 3.16 1.25-6.45-4.8-4.5 6.52-.78z";

/** Five stars drawn as one SVG row, so they look the same whatever font (or fallback font) the page has. */
function StarRow() {
  return (
    <svg className="stars__row" viewBox="0 0 120 24" focusable="false" aria-hidden="true">
      {[0, 24, 48, 72, 96].map((x) => (
        <path key={x} d={STAR} transform={`translate(${x} 0)`} />
      ))}
    </svg>
  );
}

/**
 * Five stars filled to a rating (quarter steps), with the rating in words for screen readers; `decorative` when the
 * words beside them already say it.
 */
export function Stars({ rating, size = "md", label, decorative = false }: { rating: number; size?: "sm" | "md" | "lg"; label?: string; decorative?: boolean }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating * 4) / 4));
  const words = decorative ? { "aria-hidden": true } : { role: "img", "aria-label": label ?? `${formatRating(rating)} out of 5 stars` };
  return (
    <span className={`stars stars--${size}`} {...words}>
      <span className="stars__track">
        <StarRow />
      </span>
      <span className="stars__fill" style={{ width: `${(filled / 5) * 100}%` }}>
        <StarRow />
      </span>
    </span>
  );
}

/** "4.6": one decimal place, always. */
export const formatRating = (value: number) => value.toFixed(1);

/** "1 review", "71 reviews". */
export const reviewCountWords = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "review" : "reviews"}`;
