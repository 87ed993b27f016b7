const WORDS = ["", "Poor", "Not great", "Fine", "Good", "Excellent"] as const;

/**
 * The rating as five radio buttons drawn as stars: a native radio group, so Tab reaches it and the arrow keys choose,
 * before and after JavaScript. Each star's label says its number and word to screen readers.
 */
export function StarRatingInput({ name, defaultValue, error, errorId }: { name: string; defaultValue?: number; error?: string; errorId: string }) {
  return (
    <fieldset className="star-input" aria-describedby={error ? errorId : undefined}>
      <legend className="field-label">Your rating</legend>
      <div className="star-input__options">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="star-input__option">
            <input type="radio" name={name} value={n} defaultChecked={defaultValue === n} required aria-invalid={error ? true : undefined} />
            <span className="star-input__star" aria-hidden="true">
              ★
            </span>
            <span className="sr-only">
              {n} {n === 1 ? "star" : "stars"}: {WORDS[n]}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
