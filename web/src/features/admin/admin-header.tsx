import { LogoutIcon } from '../../components/icons.tsx';
import { Link, useNavigate } from 'react-router-dom';
import { confirmDialog } from '../../components/confirm.tsx';
import { signOut } from '../../lib/auth.ts';
import { adminScreen } from './admin-screens.ts';

/** The common header of the management screens. */
export function AdminHeader() {
  const navigate = useNavigate();
  const setup = adminScreen('/Setup');
  const dashboard = adminScreen('/AdminDashboad');
  async function logout() {
    if (!(await confirmDialog('Are you really want to logout'))) return;
    await signOut();
    navigate('/');
  }
  return (
    <header className="admin-header">
      <Link to={setup.path} className="back-link">
        ← {setup.label}
      </Link>
      <span className="brand-mark" aria-hidden="true">
        GIA
      </span>
      <span className="admin-title">GIA SCHOOL</span>
      <span className="spacer" />
      <Link to={dashboard.path} className="btn btn-small">
        {dashboard.label}
      </Link>
      <button type="button" className="btn btn-small" onClick={() => window.location.reload()}>
        New Record
      </button>
      <button type="button" className="icon-btn" aria-label="Logout" onClick={logout}>
        <LogoutIcon />
      </button>
    </header>
  );
}
