import { CURRENCIES } from "../../../domain/money";

export interface CouponFormValues {
  code?: string;
  type: "fixed" | "percent";
  value: number;
  currency: string | null;
  plans: readonly string[] | "all";
  startsAt: string | Date | null;
  endsAt: string | Date | null;
  maxRedemptions: number | null;
  maxPerCustomer: number | null;
  firstOrderOnly: boolean;
  duration: "once" | "forever";
  active: boolean;
}

/** A <input type="datetime-local"> value, in UTC (the console speaks UTC throughout). */
const local = (value: string | Date | null) => (value ? new Date(value).toISOString().slice(0, 16) : "");

/** The fields of a coupon, for the create form (with a code) and the edit form (code fixed). */
export function CouponFields({ values, withCode }: { values?: CouponFormValues; withCode?: boolean }) {
  const v = values;
  return (
    <>
      <div className="c-form-row">
        {withCode ? (
          <label className="c-field">
            Code
            <input name="code" required maxLength={40} pattern="[A-Za-z0-9][A-Za-z0-9_\-]{0,39}" />
          </label>
        ) : null}
        <label className="c-field">
          Type
          <select name="type" defaultValue={v?.type ?? "percent"}>
            <option value="percent">Percent off</option>
            <option value="fixed">Fixed amount off</option>
          </select>
        </label>
        <label className="c-field">
          Value
          <input name="value" required inputMode="decimal" defaultValue={v ? (v.type === "fixed" ? (v.value / 100).toFixed(2) : String(v.value)) : ""} />
          <span className="c-hint">Percent: 1 to 100. Fixed: an amount such as 15.00.</span>
        </label>
        <label className="c-field">
          Currency (fixed only)
          <select name="currency" defaultValue={v?.currency ?? ""}>
            <option value="">None</option>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="c-field">
        Plans (skus)
        <input name="plans" defaultValue={v && v.plans !== "all" ? v.plans.join(", ") : ""} />
        <span className="c-hint">Leave empty for every plan, or list skus separated by commas (syn-wk-3mo, syn-rf-3mo).</span>
      </label>
      <div className="c-form-row">
        <label className="c-field">
          Starts (UTC)
          <input type="datetime-local" name="startsAt" defaultValue={local(v?.startsAt ?? null)} />
        </label>
        <label className="c-field">
          Ends (UTC)
          <input type="datetime-local" name="endsAt" defaultValue={local(v?.endsAt ?? null)} />
        </label>
        <label className="c-field">
          Total uses
          <input name="maxRedemptions" inputMode="numeric" defaultValue={v?.maxRedemptions ?? ""} />
        </label>
        <label className="c-field">
          Uses per customer
          <input name="maxPerCustomer" inputMode="numeric" defaultValue={v?.maxPerCustomer ?? ""} />
        </label>
        <label className="c-field">
          Duration
          <select name="duration" defaultValue={v?.duration ?? "once"}>
            <option value="once">First order only</option>
            <option value="forever">Every renewal too</option>
          </select>
        </label>
      </div>
      <div className="c-form-row">
        <label className="c-check">
          <input type="checkbox" name="firstOrderOnly" defaultChecked={v?.firstOrderOnly ?? false} /> Only for a customer's first order
        </label>
        <label className="c-check">
          <input type="checkbox" name="active" defaultChecked={v?.active ?? true} /> Active
        </label>
      </div>
    </>
  );
}
