import { useCallback, useRef, useState } from "react";
import { fieldId } from "./Field";
import { checkoutErrors, FIELD_ORDER, fieldProblem, firstInvalid, type CheckoutErrors, type CheckoutField, type CheckoutValues } from "./form";

const NONE: readonly CheckoutField[] = [];

const definedOnly = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export function focusField(field: CheckoutField): void {
  const element = document.getElementById(fieldId(field));
  element?.focus();
  element?.scrollIntoView?.({ block: "center", behavior: "smooth" });
}

/**
 * The checkout form's values and problems. A field is checked when the shopper leaves it (once they have typed in
 * it), re-checked as they fix it, and every field is checked on submit. `skip`: fields this checkout does not show
 * (Stripe's card frame replaces the sandbox's card inputs, and checks them itself); a function when that depends on
 * something known only later (the renewal consent, asked once the priced cart renews).
 */
export function useCheckoutForm(initial: CheckoutValues, skip: readonly CheckoutField[] | (() => readonly CheckoutField[]) = NONE) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const current = useRef(values);
  const dirty = useRef(new Set<CheckoutField>());

  const recheck = useCallback((next: CheckoutValues, fields: CheckoutField[]) => {
    setErrors((prev) => {
      const updated = { ...prev };
      for (const f of fields) updated[f] = fieldProblem(next, f) ?? undefined;
      return updated;
    });
  }, []);

  const set = useCallback(
    <F extends CheckoutField>(field: F, value: CheckoutValues[F]) => {
      const next = { ...current.current, [field]: value };
      // A new country has other regions and zip rules: the old region goes, the zip is checked again.
      if (field === "country") next.region = "";
      current.current = next;
      dirty.current.add(field);
      setValues(next);
      setErrors((prev) => {
        const recheckNow = [field, ...(field === "country" ? (["region", "postalCode"] as const) : [])].filter((f) => prev[f]);
        if (recheckNow.length === 0) return prev;
        const updated = { ...prev };
        for (const f of recheckNow) updated[f] = fieldProblem(next, f) ?? undefined;
        return updated;
      });
    },
    [],
  );

  const leave = useCallback(
    (field: CheckoutField) => {
      if (dirty.current.has(field) || errors[field]) recheck(current.current, [field]);
    },
    [errors, recheck],
  );

  /** Checks everything; on a problem, focuses the first field that has one and returns false. */
  const validateAll = useCallback((): boolean => {
    const skipped = typeof skip === "function" ? skip() : skip;
    const all = checkoutErrors(current.current, FIELD_ORDER.filter((f) => !skipped.includes(f)));
    setErrors(all);
    const first = firstInvalid(all);
    if (first) focusField(first);
    return first === null;
  }, [skip]);

  const fieldsValid = useCallback((fields: readonly CheckoutField[]) => Object.keys(checkoutErrors(current.current, fields)).length === 0, []);

  const showError = useCallback((field: CheckoutField, message: string) => setErrors((prev) => ({ ...prev, [field]: message })), []);

  /**
   * Puts back what the shopper typed earlier in this session. The page's country wins (the shopper's country choice,
   * ?country=): the kept region, postal code and method come back only for that same country. A signed-in member's own
   * email stays.
   */
  const restore = useCallback(
    (kept: Partial<CheckoutValues>) => {
      const { email, country, region, postalCode, shippingMethod, ...rest } = Object.fromEntries(Object.entries(kept).filter(([, v]) => v !== "")) as Partial<CheckoutValues>;
      const forThisCountry = country === current.current.country ? definedOnly({ region, postalCode, shippingMethod }) : {};
      const next = { ...current.current, ...rest, ...forThisCountry, ...(email && !initial.email ? { email } : {}) };
      current.current = next;
      setValues(next);
    },
    [initial.email],
  );

  return { values, errors, set, leave, validateAll, fieldsValid, showError, restore };
}

export type CheckoutForm = ReturnType<typeof useCheckoutForm>;
