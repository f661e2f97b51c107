import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useHydrated } from '../lib/hydration.ts';
import { useT } from '../lib/i18n.ts';
import { useOnline } from '../lib/online.ts';
import { signInPath } from '../lib/redirect.ts';
import { useSession, type Role } from '../lib/session.ts';

/**
 * Whether the guard lets the screen through (`'in'`), waits while the session cookie is being
 * traded for a token at start (`'wait'`), or sends the visitor away (`'out'`). A prerendered page
 * (and the app hydrating over it) knows no session yet: it waits too.
 */
function useAccess(role: Role, availableOffline = false): 'in' | 'wait' | 'out' {
  const status = useSession((s) => s.status);
  const signedInAs = useSession((s) => (s.isAuthenticated ? s.role : null));
  const online = useOnline();
  if (!useHydrated() || status === 'restoring') return 'wait';
  if (status === 'signed-in' && signedInAs === role) return 'in';
  // Offline, the session cannot be restored from its cookie: the learner this phone was signed
  // in as keeps the screens that work from what is saved on it (issue 32); the service worker
  // answers only from their own saved packs, which sign-out removes.
  return availableOffline && !online && signedInAs === role ? 'in' : 'out';
}

function Restoring() {
  const t = useT();
  return <p className="loading">{t('page.loading')}</p>;
}

/**
 * Learner-only routes: a signed-out visitor (or an admin) goes to sign in, then comes back.
 * `pending`: what shows while the session is not known yet (the screen's skeleton, so a
 * prerendered page paints its layout), by default "Loading...". `availableOffline`: the screens
 * open offline for the learner signed in on this phone (lessons and notes saved for offline,
 * Downloads).
 */
export function RequireLearner({
  pending = <Restoring />,
  availableOffline = false,
}: {
  pending?: ReactNode;
  availableOffline?: boolean;
}) {
  const access = useAccess('learner', availableOffline);
  const location = useLocation();
  if (access === 'wait') return pending;
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
