import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { accessToken, useSession } from '../lib/session.ts';

/** Learner-only routes: a signed-out visitor (or an admin) goes to sign in, then comes back. */
export function RequireLearner() {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const role = useSession((s) => s.role);
  const location = useLocation();
  if (!isAuthenticated || role !== 'learner' || !accessToken()) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/signin?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return <Outlet />;
}

/** Admin routes: anyone without an admin session (a learner too) goes to the admin login. */
export function RequireAdmin() {
  const isAuthenticated = useSession((s) => s.isAuthenticated);
  const role = useSession((s) => s.role);
  if (!isAuthenticated || role !== 'admin' || !accessToken())
    return <Navigate to="/AdminLoginNew" replace />;
  return <Outlet />;
}
