import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { SelectOptions } from "../ui/SelectOptions";

/** The id of a checkout field's control, so a problem can send focus to it. */
export const fieldId = (name: string) => `checkout-${name}`;

interface FieldFrameProps {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label, control, hint and problem message, tied together for screen readers. */
function FieldFrame({ name, label, error, hint, optional, className = "", children }: FieldFrameProps) {
  return (
    <div className={`field ${className}`} data-field={name}>
      <label htmlFor={fieldId(name)} className="field-label">
        {label}
        {optional && <span className="field-optional"> (optional)</span>}
      </label>
      {children}
      {hint && (
        <p id={`${fieldId(name)}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <p id={`${fieldId(name)}-error`} className="field-error">
        {error}
      </p>
    </div>
  );
}

const describedBy = (name: string, error?: string, hint?: ReactNode) =>
  [hint ? `${fieldId(name)}-hint` : null, error ? `${fieldId(name)}-error` : null].filter(Boolean).join(" ") || undefined;

type TextFieldProps = Omit<FieldFrameProps, "children"> & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">;

export function TextField({ name, label, error, hint, optional, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame name={name} label={label} error={error} hint={hint} optional={optional} className={className}>
      <input
        id={fieldId(name)}
        name={name}
        className="field-input"
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<FieldFrameProps, "children"> & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id"> & { options: { value: string; label: string }[]; placeholder?: string };

export function SelectField({ name, label, error, hint, optional, className, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <FieldFrame name={name} label={label} error={error} hint={hint} optional={optional} className={className}>
      <select
        id={fieldId(name)}
        name={name}
        className="field-input field-select"
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, error, hint)}
        {...select}
      >
        <SelectOptions options={options} placeholder={placeholder} />
      </select>
    </FieldFrame>
  );
}
