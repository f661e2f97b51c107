import { LogoutIcon } from '../../components/icons.tsx';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { confirmDialog } from '../../components/confirm.tsx';
import { signOut } from '../../lib/auth.ts';
import { adminScreen } from './admin-screen-list.ts';

/** The common header of the management screens: back to Setup, Dashboard, New Record, Logout. */
export function AdminHeader() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const setup = adminScreen('/Setup');
  const dashboard = adminScreen('/AdminDashboad');
  async function logout() {
    if (!(await confirmDialog('Are you really want to logout'))) return;
    await signOut();
    navigate('/');
  }
  return (
    <header className="admin-header">
      {/* Back to Setup, except on Setup itself. */}
      {pathname !== setup.path && (
        <Link to={setup.path} className="back-link">
          ← {setup.label}
        </Link>
      )}
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
