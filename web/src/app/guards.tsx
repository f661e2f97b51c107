import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { signInPath } from '../lib/redirect.ts';
import { useSession, type Role } from '../lib/session.ts';

/**
 * Whether the guard lets the screen through (`'in'`), waits while the session cookie is being
 * traded for a token at start (`'wait'`), or sends the visitor away (`'out'`).
 */
function useAccess(role: Role): 'in' | 'wait' | 'out' {
  const status = useSession((s) => s.status);
  const signedInAs = useSession((s) => (s.isAuthenticated ? s.role : null));
  if (status === 'restoring') return 'wait';
  return status === 'signed-in' && signedInAs === role ? 'in' : 'out';
}

const Restoring = () => <p className="loading">Loading...</p>;

/** Learner-only routes: a signed-out visitor (or an admin) goes to sign in, then comes back. */
export function RequireLearner() {
  const access = useAccess('learner');
  const location = useLocation();
  if (access === 'wait') return <Restoring />;
  if (access === 'out') {
    return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
  }
  return <Outlet />;
}

/** Admin routes: anyone without an admin session (a learner too) goes to the admin login. */
export function RequireAdmin() {
  const access = useAccess('admin');
  if (access === 'wait') return <Restoring />;
  if (access === 'out') return <Navigate to="/AdminLoginNew" replace />;
  return <Outlet />;
}
