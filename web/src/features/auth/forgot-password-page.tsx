import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  keepsPasswordRule,
  MESSAGES,
  PASSWORD_RULE_MESSAGE,
  SIGNUP_LIMITS,
} from '@gia/shared/messages.ts';
import { PasswordField } from '../../components/password-input.tsx';
import { TextField } from '../../components/text-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { call } from '../../lib/api-call.ts';
import { fieldProblems, passwordRule } from '../../lib/field-problems.ts';
import { useLanguage, useT } from '../../lib/i18n.ts';
import {
  REDIRECT_PARAM,
  redirectQuery,
  signInState,
  type SignInState,
} from '../../lib/redirect.ts';
import type { Role } from '../../lib/session.ts';
import { codeMissing, CodeField, isCode } from './code-field.tsx';
import { serverText } from '../../lib/server-text.ts';

type Field = 'email' | 'code' | 'password';
type Errors = Partial<Record<Field, string>> & { form?: string };

/** Where each pool's sign-in form is. */
const SIGN_IN = { learner: '/signin', admin: '/AdminLoginNew' } as const;

/** A refusal the server gave without naming a field, placed at the field it is about. */
const FIELD_OF_MESSAGE: Record<string, Field> = {
  [MESSAGES.resetCodeWrong]: 'code',
  [MESSAGES.resetCodeExpired]: 'code',
  [PASSWORD_RULE_MESSAGE]: 'password',
};

/**
 * A forgotten password, for either pool: the e-mail address, then the code we e-mailed and a new
 * password. Once changed, back to the sign-in form with the address filled in.
 */
export function ForgotPasswordPage({ role }: { role: Role }) {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: SignInState | null };
  const [email, setEmail] = useState(state?.email ?? '');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const back = `${SIGN_IN[role]}${role === 'learner' ? redirectQuery(params.get(REDIRECT_PARAM)) : ''}`;

  const show = (err: unknown) => {
    const { errors: at, general } = fieldProblems(
      err,
      ['email', 'code', 'password'] as const,
      t('common.account.somethingWrong'),
    );
    const field =
      general && err instanceof ApiError && err.status === 400 && FIELD_OF_MESSAGE[general];
    setErrors(field && !at[field] ? { ...at, [field]: general } : { ...at, form: general });
  };

  /** Clears a field's problem (and the form's) as it changes. */
  const edit = (field: Field, set: (v: string) => void) => (v: string) => {
    set(v);
    if (errors[field] || errors.form) setErrors({ ...errors, [field]: undefined, form: undefined });
  };

  async function sendCode() {
    setBusy(true);
    setErrors({});
    try {
      // The code comes in the language the learner reads now, unless their account saved one.
      const language = useLanguage.getState().language;
      const answer = await call(`${role}.login.forgotPassword`, { body: { email, language } });
      setStatus(serverText(answer));
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
    const problems: Errors = {};
    if (!isCode(code)) problems.code = codeMissing();
    if (!keepsPasswordRule(password)) problems.password = passwordRule();
    if (problems.code || problems.password) return setErrors(problems);
    setBusy(true);
    setErrors({});
    try {
      const answer = await call(`${role}.login.resetPassword`, {
        body: { email, code, password },
      });
      navigate(back, { replace: true, state: signInState(email, serverText(answer)) });
    } catch (err) {
      show(err);
      setBusy(false);
    }
  }

  const card = (
    <section className="auth-card">
      <h1>{t(role === 'admin' ? 'auth.resetAdminTitle' : 'auth.resetTitle')}</h1>
      <form onSubmit={submit} className="form" noValidate>
        {sent ? (
          <p className="auth-sent" role="status">
            {status} <span className="auth-address">{email}</span>
          </p>
        ) : (
          <>
            <p className="muted">{t('auth.resetIntro')}</p>
            <TextField
              id="email"
              label={t('auth.email')}
              name="email"
              type="email"
              inputMode="email"
              required
              value={email}
              autoComplete="email"
              maxLength={SIGNUP_LIMITS.email}
              error={errors.email}
              onChange={edit('email', setEmail)}
            />
          </>
        )}
        {sent && (
          <>
            <CodeField
              id="reset-code"
              value={code}
              error={errors.code}
              onChange={edit('code', setCode)}
            />
            <PasswordField
              id="new-password"
              label={t('auth.newPassword')}
              value={password}
              onChange={edit('password', setPassword)}
              autoComplete="new-password"
              maxLength={SIGNUP_LIMITS.password}
              error={errors.password}
              hint={passwordRule()}
            />
          </>
        )}
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {t(sent ? 'auth.changePassword' : 'auth.sendResetCode')}
        </button>
        {sent && (
          <div className="auth-actions">
            <button type="button" className="btn" onClick={() => void sendCode()} disabled={busy}>
              {t('auth.sendNewCode')}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                setSent(false);
                setErrors({});
              }}
            >
              {t('auth.otherEmail')}
            </button>
          </div>
        )}
      </form>
      <p className="switch-mode">
        <Link to={back} state={signInState(email)}>
          {t('auth.backToSignIn')}
        </Link>
      </p>
    </section>
  );
  return role === 'admin' ? <main className="admin-login">{card}</main> : card;
}

/** `/forgot-password`: a learner's forgotten password. */
export const LearnerForgotPasswordPage = () => <ForgotPasswordPage role="learner" />;

/** `/admin/forgot-password`: an admin's forgotten password. */
export const AdminForgotPasswordPage = () => <ForgotPasswordPage role="admin" />;
