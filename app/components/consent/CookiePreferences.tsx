import { Switch } from "@base-ui/react/switch";
import { useId, useState, type FormEvent } from "react";
import type { PopupBodyProps } from "../ui/popup-registry";
import { gpcSignal } from "../../lib/consent";
import { CONSENT_CATEGORIES, readConsent, saveConsent, type Consent, type ConsentId } from "./cookie-consent";

type Category = (typeof CONSENT_CATEGORIES)[number];

function ConsentRow({ category, checked, lockedOff, onChange }: { category: Category; checked: boolean; lockedOff: boolean; onChange(next: boolean): void }) {
  const id = useId();
  return (
    <li className="consent-row">
      <div className="min-w-0">
        <h3 id={`${id}-label`} className="consent-label">
          {category.label}
        </h3>
        <p id={`${id}-description`} className="consent-description">
          {category.description}
        </p>
      </div>
      <div className="consent-control">
        {category.required && <span className="consent-always">Always active</span>}
        {lockedOff && <span className="consent-always">Off (Global Privacy Control)</span>}
        <Switch.Root
          className="switch"
          checked={category.required || (checked && !lockedOff)}
          disabled={category.required || lockedOff}
          onCheckedChange={(next) => onChange(next)}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-description`}
          data-consent={category.id}
        >
          <Switch.Thumb className="switch-thumb" />
        </Switch.Root>
      </div>
    </li>
  );
}

/** Consent categories C0001–C0005 as switches; strictly necessary cookies cannot be switched off. */
export default function CookiePreferences({ close }: PopupBodyProps) {
  const [consent, setConsent] = useState<Consent>(readConsent);
  const gpc = gpcSignal();
  const set = (id: ConsentId, value: boolean) => setConsent((current) => ({ ...current, [id]: value }));
  const save = (event: FormEvent) => {
    event.preventDefault();
    saveConsent(consent);
    close();
  };
  return (
    <form onSubmit={save} className="consent-form">
      <p className="popup-text">
        We use cookies to run the shop, understand how it is used and, with your permission, to personalise ads. Choose which
        kinds you allow.
      </p>
      <ul className="consent-list">
        {CONSENT_CATEGORIES.map((category) => (
          <ConsentRow
            key={category.id}
            category={category}
            checked={consent[category.id]}
            lockedOff={gpc && (category.id === "C0004" || category.id === "C0005")}
            onChange={(v) => set(category.id, v)}
          />
        ))}
      </ul>
      <div className="popup-actions">
        <button type="submit" className="button">
          Save Preferences
        </button>
      </div>
    </form>
  );
}
