import { useId } from "react";

/**
 * The typed half of a destructive action's second look (issue 36, ADR 0075): a field asking for exact words (DELETE,
 * the customer's email). The server checks the same words (domain/confirmations.ts), so this is help, not the guard.
 */
export function TypedConfirmation({ expected, what, name = "confirmation" }: { expected: string; what: string; name?: string }) {
  const id = useId();
  return (
    <label className="c-field c-typed" htmlFor={id}>
      Type {expected} to {what}
      <input id={id} name={name} autoComplete="off" spellCheck={false} aria-describedby={`${id}-hint`} />
      <span className="c-hint" id={`${id}-hint`}>
        This cannot be undone. Capital letters do not matter.
      </span>
    </label>
  );
}
