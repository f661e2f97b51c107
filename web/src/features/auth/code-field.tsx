import { SIGN_IN_CODE } from '@gia/shared/session.ts';
import { TextField } from '../../components/text-field.tsx';
import { t, useT } from '../../lib/i18n.ts';

/** The text a code field asks for before anything is sent, in the learner's language. */
export const codeMissing = () => t('auth.codeMissing', { digits: SIGN_IN_CODE.digits });

/** Whether `code` has the shape of an e-mailed code (the server still checks it). */
export const isCode = (code: string) => new RegExp(`^\\d{${SIGN_IN_CODE.digits}}$`).test(code);

/**
 * The field of a code we e-mailed: digits only, the phone's number pad, and the code offered by
 * the keyboard from the message (`one-time-code`).
 */
export function CodeField(props: {
  id: string;
  label?: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  hint?: string;
}) {
  const t = useT();
  return (
    <TextField
      id={props.id}
      label={props.label ?? t('auth.code')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={SIGN_IN_CODE.digits}
      required
      value={props.value}
      error={props.error}
      hint={props.hint}
      onChange={(v) => props.onChange(v.replace(/\D/g, '').slice(0, SIGN_IN_CODE.digits))}
    />
  );
}
