import { useState, type FormEvent } from 'react';
import { SIGNUP_LIMITS } from '@gia/shared/messages.ts';
import { SIGN_IN_CODE } from '@gia/shared/session.ts';
import { TextField } from '../../components/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { requestSignInCode, signInWithCode } from '../../lib/auth.ts';
import { fieldProblems } from '../../lib/field-problems.ts';
import { useT } from '../../lib/i18n.ts';
import { codeMissing, CodeField, isCode } from './code-field.tsx';
import { serverText } from '../../lib/server-text.ts';

type Errors = { email?: string; code?: string; form?: string };

/**
 * Signing in with a code by e-mail instead of a password: the address, then the 6-digit code.
 * `onSignedIn` runs once the session is kept, as after a password sign-in.
 */
export function CodeSignIn(props: {
  email: string;
  onEmail(email: string): void;
  onSignedIn(): void;
  onUsePassword(): void;
}) {
  const t = useT();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const show = (err: unknown) => {
    const { errors: at, general } = fieldProblems(
      err,
      ['email', 'code'] as const,
      t('auth.signInFailed'),
    );
    setErrors({ ...at, form: general });
  };

  async function sendCode() {
    setBusy(true);
    setErrors({});
    try {
      setStatus(serverText(await requestSignInCode(props.email)));
      setSent(true);
      setCode('');
    } catch (err) {
      show(err);
    } finally {
      setBusy(false);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!sent) return sendCode();
    if (!isCode(code)) return setErrors({ code: codeMissing() });
    setBusy(true);
    setErrors({});
    try {
      await signInWithCode(props.email, code);
      props.onSignedIn();
    } catch (err) {
      // A wrong or used code belongs to the code field, whatever the server names.
      const { errors: at, general } = fieldProblems(
        err,
        ['email', 'code'] as const,
        t('auth.signInFailed'),
      );
      if (err instanceof ApiError && err.status === 400 && general && !at.code)
        setErrors({ ...at, code: general });
      else setErrors({ ...at, form: general });
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="form" noValidate>
      {sent ? (
        <p className="auth-sent" role="status">
          {status} <span className="auth-address">{props.email}</span>
        </p>
      ) : (
        <TextField
          id="email"
          label={t('auth.email')}
          name="email"
          type="email"
          inputMode="email"
          required
          value={props.email}
          autoComplete="email"
          maxLength={SIGNUP_LIMITS.email}
          error={errors.email}
          onChange={(v) => {
            props.onEmail(v);
            setErrors({});
          }}
        />
      )}
      {sent && (
        <CodeField
          id="signin-code"
          value={code}
          error={errors.code}
          hint={t('auth.codeHint', { minutes: SIGN_IN_CODE.minutes })}
          onChange={(v) => {
            setCode(v);
            if (errors.code || errors.form) setErrors({});
          }}
        />
      )}
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {t(sent ? 'auth.signIn' : 'auth.sendCode')}
      </button>
      <div className="auth-actions">
        {sent && (
          <button type="button" className="btn" onClick={() => void sendCode()} disabled={busy}>
            {t('auth.sendNewCode')}
          </button>
        )}
        <button type="button" className="btn" onClick={props.onUsePassword}>
          {t('auth.usePassword')}
        </button>
      </div>
    </form>
  );
}
