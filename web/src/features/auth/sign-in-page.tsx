import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@gia/shared/messages.ts';
import { PasswordField } from '../../components/password-input.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { signIn } from '../../lib/auth.ts';
import { signUp as createAccount } from './api/sign-up.ts';

/** Only same-site paths are followed after signing in. */
const safeRedirect = (value: string | null) =>
  value && value.startsWith('/') && !value.startsWith('//') ? value : '/GetBoard';

/** `/signin` and `/signup`: one screen, two modes. */
export default function SignInPage() {
  const { pathname } = useLocation();
  const signUp = pathname.toLowerCase() === '/signup';
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
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
            onChange={setUserName}
          />
        )}
        <TextField
          id="email"
          label="Email"
          name="email"
          type="email"
          required
          value={email}
          autoComplete="email"
          onChange={setEmail}
        />
        <PasswordField
          id="password"
          value={password}
          onChange={setPassword}
          autoComplete={signUp ? 'new-password' : 'current-password'}
        />
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
