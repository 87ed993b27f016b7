import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes } from "react";

type InputType = "text" | "email" | "password" | "tel";

interface FormFieldProps {
  field: FieldMetadata<string | undefined>;
  label: string;
  type?: InputType;
  hint?: string;
  autoComplete?: string;
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "type">;
}

/** A labelled input whose problem message is announced with it (conform gives ids, aria-invalid and aria-describedby). */
export function FormField({ field, label, type = "text", hint, autoComplete, inputProps }: FormFieldProps) {
  const errorId = field.errorId;
  const hintId = hint ? `${field.id}-hint` : undefined;
  const props = getInputProps(field, { type, ariaDescribedBy: hintId });
  return (
    <div className="field">
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <input {...props} key={props.key} className="field-input" autoComplete={autoComplete} {...inputProps} />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <p id={errorId} className="field-error" role={field.errors ? "alert" : undefined}>
        {field.errors?.[0]}
      </p>
    </div>
  );
}

/** A form-level message (the server's answer): errors are announced, successes politely. */
export function FormAlert({ kind, children }: { kind: "error" | "success" | "info"; children: React.ReactNode }) {
  if (!children) return null;
  return (
    <div className={`form-alert form-alert--${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
