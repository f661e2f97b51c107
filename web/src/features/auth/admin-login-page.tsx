import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@gia/shared/messages.ts';
import { PasswordField } from '../../components/password-input.tsx';
import { TextField } from '../../components/text-field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { signIn } from '../../lib/auth.ts';

/** `/AdminLoginNew` and `/admin/login`. */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
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
