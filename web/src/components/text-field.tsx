import type { InputHTMLAttributes, ReactNode } from 'react';

/** The id of a field's error line, for `aria-describedby`. */
export const errorId = (id: string) => `${id}-error`;

/**
 * A form field: its label, the control, and its error under it. Use `TextField` for a plain
 * input; `Field` wraps any other control (a password input, a select, a file input).
 */
export function Field(props: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.error && (
        <p className="form-error" id={errorId(props.id)} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/** A labelled input whose error, when there is one, is announced with it. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  ...input
}: InputProps & {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        {...input}
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId(id) : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
