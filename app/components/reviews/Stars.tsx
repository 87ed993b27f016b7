/** Five stars filled to a rating (quarter steps), with the rating in words for screen readers. */
export function Stars({ rating, size = "md", label }: { rating: number; size?: "sm" | "md" | "lg"; label?: string }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating * 4) / 4));
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={label ?? `${formatRating(rating)} out of 5 stars`}>
      <span className="stars__track" aria-hidden="true">
        ★★★★★
      </span>
      <span className="stars__fill" aria-hidden="true" style={{ width: `${(filled / 5) * 100}%` }}>
        ★★★★★
      </span>
    </span>
  );
}

/** "4.6": one decimal place, always. */
export const formatRating = (value: number) => value.toFixed(1);

/** "1 review", "71 reviews". */
export const reviewCountWords = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "review" : "reviews"}`;
