import { useState } from 'react';
import { useT } from '../lib/i18n.ts';
import { EyeIcon } from './icons.tsx';
import { describedBy, Field } from './text-field.tsx';

/**
 * A password field with a show/hide toggle. The shown state lives in the component: give the
 * field a `key` that changes with the screen (sign-in / sign-up) so it starts masked on each.
 */
export function PasswordInput(props: {
  id: string;
  value: string;
  onChange(v: string): void;
  autoComplete: string;
  maxLength?: number;
  invalid?: boolean;
  describedBy?: string;
}) {
  const t = useT();
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
        maxLength={props.maxLength}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <button
        type="button"
        className="icon-btn"
        aria-label={t(shown ? 'auth.hidePassword' : 'auth.showPassword')}
        aria-pressed={shown}
        onClick={() => setShown(!shown)}
      >
        <EyeIcon off={shown} />
      </button>
    </div>
  );
}

/** A labelled password field; its rule (`hint`) shows under it until an `error` takes its place. */
export function PasswordField(props: {
  id: string;
  label?: string;
  value: string;
  onChange(v: string): void;
  autoComplete: string;
  maxLength?: number;
  error?: string;
  hint?: string;
}) {
  const t = useT();
  const { label = t('auth.password'), error, hint, ...input } = props;
  return (
    <Field id={props.id} label={label} error={error} hint={hint}>
      <PasswordInput
        {...input}
        invalid={Boolean(error)}
        describedBy={describedBy(props.id, error, hint)}
      />
    </Field>
  );
}
