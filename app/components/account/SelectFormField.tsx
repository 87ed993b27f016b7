import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { SelectOptions } from "../ui/SelectOptions";

interface SelectFormFieldProps {
  field: FieldMetadata<string | undefined>;
  label: string;
  options: { value: string; label: string }[];
  /** A first, empty choice ("Choose a state"): the field starts unanswered. */
  placeholder?: string;
  autoComplete?: string;
}

/** FormField's select: a labelled choice whose problem message is announced with it. */
export function SelectFormField({ field, label, options, placeholder, autoComplete }: SelectFormFieldProps) {
  const props = getSelectProps(field);
  return (
    <div className="field">
      <label htmlFor={field.id} className="field-label">
        {label}
      </label>
      <select {...props} key={props.key} className="field-input" autoComplete={autoComplete}>
        <SelectOptions options={options} placeholder={placeholder} />
      </select>
      <p id={field.errorId} className="field-error" role={field.errors ? "alert" : undefined}>
        {field.errors?.[0]}
      </p>
    </div>
  );
}
