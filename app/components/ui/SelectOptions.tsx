/** One choice of a select: what is sent and what the shopper reads. */
export interface SelectChoice {
  value: string;
  label: string;
}

/** A select's options, with a first, empty choice when a placeholder is given (the field starts unanswered). */
export function SelectOptions({ options, placeholder }: { options: readonly SelectChoice[]; placeholder?: string }) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
