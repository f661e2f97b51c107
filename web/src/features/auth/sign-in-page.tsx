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
import { toast } from '../../components/toast.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { signIn } from '../../lib/auth.ts';
import { signUp as createAccount } from './api/sign-up.ts';

/** Only same-site paths are followed after signing in. */
const safeRedirect = (value: string | null) =>
  value && value.startsWith('/') && !value.startsWith('//') ? value : '/GetBoard';

type FieldName = 'user_name' | 'email' | 'password';
type Errors = Partial<Record<FieldName, string>> & { form?: string };

/**
 * What went wrong, where it shows: the server's field problems under their fields, a taken
 * e-mail under Email, wrong credentials under the form; only an unexpected failure is a toast.
 */
function problemsOf(err: unknown, signUp: boolean): Errors | undefined {
  if (!(err instanceof ApiError) || err.status >= 500) return undefined;
  const errors: Errors = {};
  for (const d of err.details ?? []) {
    if (
      (d.field === 'user_name' || d.field === 'email' || d.field === 'password') &&
      !errors[d.field]
    )
      errors[d.field] = d.message;
  }
  if (Object.keys(errors).length) return errors;
  if (signUp && err.status === 409) return { email: err.message };
  return { form: err.message };
}

/** `/signin` and `/signup`: one screen, two modes. */
export default function SignInPage() {
  const { pathname } = useLocation();
  const signUp = pathname.toLowerCase() === '/signup';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [errorsOf, setErrorsOf] = useState(pathname);
  const [busy, setBusy] = useState(false);
  // Problems belong to the screen they were found on: switching modes clears them.
  if (errorsOf !== pathname) {
    setErrorsOf(pathname);
    setErrors({});
  }

  /** Clears a field's problem (and the form's) as the learner changes it. */
  const edit = (field: FieldName, set: (v: string) => void) => (v: string) => {
    set(v);
    if (errors[field] || errors.form) setErrors({ ...errors, [field]: undefined, form: undefined });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (signUp && !keepsPasswordRule(password)) {
      setErrors({ password: PASSWORD_RULE_MESSAGE });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (signUp) {
        await createAccount({ user_name: userName, email, password });
        toast.success(MESSAGES.signupSuccess);
        setPassword('');
        navigate(
          `/signin${params.get('redirect') ? `?redirect=${encodeURIComponent(params.get('redirect') ?? '')}` : ''}`,
        );
      } else {
        await signIn('learner', email, password);
        toast.success(MESSAGES.loginSuccess);
        navigate(safeRedirect(params.get('redirect')), { replace: true });
      }
    } catch (err) {
      const problems = problemsOf(err, signUp);
      if (problems) setErrors(problems);
      else
        toast.error(errorMessage(err, signUp ? MESSAGES.signupFailedUi : MESSAGES.signinFailedUi));
    } finally {
      setBusy(false);
    }
  }

  const other = signUp ? '/signin' : '/signup';
  const keep = params.get('redirect')
    ? `?redirect=${encodeURIComponent(params.get('redirect') ?? '')}`
    : '';
  return (
    <section className="auth-card">
      <h1>{signUp ? 'Sign up to GIA School' : 'Sign in to GIA School'}</h1>
      <form onSubmit={submit} className="form">
        {signUp && (
          <TextField
            id="user_name"
            label="User Name"
            name="user_name"
            required
            value={userName}
            autoComplete="name"
            maxLength={SIGNUP_LIMITS.user_name}
            error={errors.user_name}
            onChange={edit('user_name', setUserName)}
          />
        )}
        <TextField
          id="email"
          label="Email"
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
        <PasswordField
          // A new field per screen: the show-password state never carries over.
          key={pathname}
          id="password"
          value={password}
          onChange={edit('password', setPassword)}
          autoComplete={signUp ? 'new-password' : 'current-password'}
          maxLength={SIGNUP_LIMITS.password}
          error={errors.password}
          hint={signUp ? PASSWORD_RULE_MESSAGE : undefined}
        />
        {errors.form && (
          <p className="form-error" role="alert">
            {errors.form}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {signUp ? 'Create an Account' : 'Sign In'}
        </button>
      </form>
      <p className="switch-mode">
        {signUp ? 'Already have an account? ' : 'New to GIA School? '}
        <Link to={`${other}${keep}`}>{signUp ? 'Sign in' : 'Create an account'}</Link>
      </p>
    </section>
  );
}
