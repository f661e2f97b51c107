import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { keepsPasswordRule, SIGNUP_LIMITS } from '@gia/shared/messages.ts';
import { PasswordField } from '../../components/password-input.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { ApiError, apiErrorText, errorMessage } from '../../lib/api-client.ts';
import { signIn } from '../../lib/auth.ts';
import { passwordRule } from '../../lib/field-problems.ts';
import { useT } from '../../lib/i18n.ts';
import {
  REDIRECT_PARAM,
  redirectQuery,
  safeRedirect,
  signInState,
  type SignInState,
} from '../../lib/redirect.ts';
import { signUp as createAccount } from './api/sign-up.ts';
import { CodeSignIn } from './code-sign-in.tsx';
import { serverText } from '../../lib/server-text.ts';

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
      errors[d.field] = serverText(d);
  }
  if (Object.keys(errors).length) return errors;
  if (signUp && err.status === 409) return { email: apiErrorText(err) };
  return { form: apiErrorText(err) };
}

/**
 * `/signin` and `/signup`: one screen, two modes (and signing in with an e-mailed code instead of
 * the password). Both end where the learner was going: the `redirect` parameter.
 */
export default function SignInPage() {
  const t = useT();
  const { pathname, state } = useLocation() as { pathname: string; state: SignInState | null };
  const signUp = pathname.toLowerCase() === '/signup';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = params.get(REDIRECT_PARAM);
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState(state?.email ?? '');
  const [withCode, setWithCode] = useState(false);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [errorsOf, setErrorsOf] = useState(pathname);
  const [busy, setBusy] = useState(false);
  // Problems belong to the screen they were found on: switching modes clears them.
  if (errorsOf !== pathname) {
    setErrorsOf(pathname);
    setErrors({});
    setWithCode(false);
  }

  /** Signed in: on to where the learner was going. */
  const finish = (message: string) => {
    toast.success(message);
    navigate(safeRedirect(redirect), { replace: true });
  };

  /** Clears a field's problem (and the form's) as the learner changes it. */
  const edit = (field: FieldName, set: (v: string) => void) => (v: string) => {
    set(v);
    if (errors[field] || errors.form) setErrors({ ...errors, [field]: undefined, form: undefined });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (signUp && !keepsPasswordRule(password)) {
      setErrors({ password: passwordRule() });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (signUp) {
        await createAccount({ user_name: userName, email, password });
        // The account exists: signing in is ours to do, not a second form for the learner.
        const signedIn = await signIn('learner', email, password).then(
          () => true,
          () => false,
        );
        if (signedIn) return finish(t('auth.signedUp'));
        toast.success(t('auth.signedUp'));
        setPassword('');
        navigate(`/signin${redirectQuery(redirect)}`, { state: signInState(email) });
      } else {
        await signIn('learner', email, password);
        finish(t('auth.signedIn'));
      }
    } catch (err) {
      const problems = problemsOf(err, signUp);
      if (problems) setErrors(problems);
      else toast.error(errorMessage(err, t(signUp ? 'auth.signUpFailed' : 'auth.signInFailed')));
    } finally {
      setBusy(false);
    }
  }

  const other = signUp ? '/signin' : '/signup';
  const keep = redirectQuery(redirect);
  return (
    <section className="auth-card">
      <h1>{t(signUp ? 'auth.signUpTitle' : 'auth.signInTitle')}</h1>
      {!signUp && state?.notice && (
        <p className="notice auth-notice" role="status">
          {state.notice}
        </p>
      )}
      {!signUp && withCode ? (
        <CodeSignIn
          email={email}
          onEmail={setEmail}
          onSignedIn={() => finish(t('auth.signedIn'))}
          onUsePassword={() => setWithCode(false)}
        />
      ) : (
        <form onSubmit={submit} className="form">
          {signUp && (
            <TextField
              id="user_name"
              label={t('auth.userName')}
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
          <PasswordField
            // A new field per screen: the show-password state never carries over.
            key={pathname}
            id="password"
            value={password}
            onChange={edit('password', setPassword)}
            autoComplete={signUp ? 'new-password' : 'current-password'}
            maxLength={SIGNUP_LIMITS.password}
            error={errors.password}
            hint={signUp ? passwordRule() : undefined}
          />
          {!signUp && (
            <p className="auth-forgot">
              <Link to={`/forgot-password${keep}`} state={signInState(email)}>
                {t('auth.forgotPassword')}
              </Link>
            </p>
          )}
          {errors.form && (
            <p className="form-error" role="alert">
              {errors.form}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {t(signUp ? 'auth.createAccount' : 'auth.signIn')}
          </button>
          {!signUp && (
            <button
              type="button"
              className="btn btn-block"
              onClick={() => {
                setErrors({});
                setWithCode(true);
              }}
            >
              {t('auth.sendCode')}
            </button>
          )}
        </form>
      )}
      <p className="switch-mode">
        {t(signUp ? 'auth.haveAccount' : 'auth.newHere')}{' '}
        <Link to={`${other}${keep}`}>
          {t(signUp ? 'auth.signInLink' : 'auth.createAccountLink')}
        </Link>
      </p>
    </section>
  );
}
