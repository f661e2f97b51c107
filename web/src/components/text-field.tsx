import type { InputHTMLAttributes, ReactNode } from 'react';

/** The id of a field's error line, for `aria-describedby`. */
export const errorId = (id: string) => `${id}-error`;

/** The id of a field's hint line (a rule shown before it is broken), for `aria-describedby`. */
export const hintId = (id: string) => `${id}-hint`;

/** What describes a control: its error when it has one, else its hint. */
export const describedBy = (id: string, error?: string, hint?: string) =>
  error ? errorId(id) : hint ? hintId(id) : undefined;

/**
 * A form field: its label, the control, and under it its error, or else its hint (the rule, shown
 * before it is broken). Use `TextField` for a plain input; `Field` wraps any other control (a
 * password input, a select, a file input).
 */
export function Field(props: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.error ? (
        <p className="form-error" id={errorId(props.id)} role="alert">
          {props.error}
        </p>
      ) : (
        props.hint && (
          <p className="form-hint" id={hintId(props.id)}>
            {props.hint}
          </p>
        )
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
  hint,
  ...input
}: InputProps & {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: string;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        {...input}
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
