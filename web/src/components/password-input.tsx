import { useState } from 'react';
import { EyeIcon } from './icons.tsx';
import { Field } from './text-field.tsx';

/** A password field with a show/hide toggle. */
export function PasswordInput(props: {
  id: string;
  value: string;
  onChange(v: string): void;
  autoComplete: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="password-field">
      <input
        id={props.id}
        name="password"
        type={shown ? 'text' : 'password'}
        required
        value={props.value}
        autoComplete={props.autoComplete}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <button
        type="button"
        className="icon-btn"
        aria-label={shown ? 'Hide password' : 'Show password'}
        onClick={() => setShown(!shown)}
      >
        <EyeIcon off={shown} />
      </button>
    </div>
  );
}

/** A labelled password field. */
export function PasswordField(props: {
  id: string;
  label?: string;
  value: string;
  onChange(v: string): void;
  autoComplete: string;
}) {
  const { label = 'Password', ...input } = props;
  return (
    <Field id={props.id} label={label}>
      <PasswordInput {...input} />
    </Field>
  );
}
