import { useId, useMemo } from "react";
import { COUNTRY_CHOICES, currencyForCountry } from "../../../domain/locale";

interface CountryPickerProps {
  country: string;
  onChange: (country: string) => void;
  busy?: boolean;
}

/** "Prices for": the shopper's country, which decides currency and price list. */
export function CountryPicker({ country, onChange, busy = false }: CountryPickerProps) {
  const id = useId();
  const names = useMemo(() => new Intl.DisplayNames(["en"], { type: "region" }), []);
  const choices = COUNTRY_CHOICES.includes(country as (typeof COUNTRY_CHOICES)[number]) ? COUNTRY_CHOICES : [country, ...COUNTRY_CHOICES];
  return (
    <div className="country-picker">
      <label htmlFor={id}>Prices for</label>
      <select id={id} value={country} onChange={(e) => onChange(e.target.value)} aria-busy={busy}>
        {choices.map((code) => (
          <option key={code} value={code}>
            {names.of(code) ?? code} ({currencyForCountry(code)})
          </option>
        ))}
      </select>
    </div>
  );
}
