import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@gia/shared/messages.ts';
import { PasswordField } from '../../components/password-input.tsx';
import { TextField } from '../../components/text-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { signIn } from '../../lib/auth.ts';
import { signInState, type SignInState } from '../../lib/redirect.ts';

/** `/AdminLoginNew` and `/admin/login`. */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const { state } = useLocation() as { state: SignInState | null };
  const [email, setEmail] = useState(state?.email ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await signIn('admin', email, password);
      navigate('/Setup', { replace: true });
    } catch (err) {
      setError(errorMessage(err, MESSAGES.adminLoginFailedUi));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="admin-login">
      <section className="auth-card">
        <h1>Admin Login</h1>
        {state?.notice && (
          <p className="notice auth-notice" role="status">
            {state.notice}
          </p>
        )}
        <form onSubmit={submit} className="form">
          <TextField
            id="admin-email"
            label="Email"
            type="email"
            required
            value={email}
            autoComplete="username"
            onChange={setEmail}
          />
          <PasswordField
            id="admin-password"
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
          />
          <p className="auth-forgot">
            <Link to="/admin/forgot-password" state={signInState(email)}>
              Forgot password?
            </Link>
          </p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? 'Logging in...' : 'Sign In'}
          </button>
        </form>
        <p className="muted small">
          <a href="mailto:support@gia.school">Contact</a> · <Link to="/privacypolicy">Privacy</Link>
        </p>
      </section>
    </main>
  );
}
