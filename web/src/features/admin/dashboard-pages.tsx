import { Link, useNavigate } from 'react-router-dom';
import { confirmDialog } from '../../components/confirm.tsx';
import { signOut } from '../../lib/auth.ts';
import { useSession } from '../../lib/session.ts';
import { AdminHeader } from './admin-header.tsx';
import { adminScreen, hubScreens } from './admin-screen-list.ts';
import { useDashboardCounts } from './api/dashboard.ts';

const count = (n: number) => n.toLocaleString('en-IN');
const inRupees = (n: number) =>
  `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: 0 })}`;

/** The dashboard's figures: learners, this week's paid orders, questions waiting for an answer. */
function Counts() {
  const counts = useDashboardCounts();
  if (counts.isPending) return <p className="muted">Loading the figures…</p>;
  if (counts.isError)
    return (
      <p role="alert">
        We couldn’t load the figures.{' '}
        <button type="button" className="btn btn-small" onClick={() => void counts.refetch()}>
          Try again
        </button>
      </p>
    );
  const { learners, paid_orders: paid, unanswered_questions: unanswered } = counts.data;
  return (
    <ul className="admin-stats" aria-label="Figures">
      <li className="admin-stat">
        <span className="admin-stat-value">{count(learners)}</span>
        <span className="admin-stat-label">Learners registered</span>
      </li>
      <li className="admin-stat">
        <span className="admin-stat-value">{count(paid.count)}</span>
        <span className="admin-stat-label">
          Paid orders in the last 7 days · {inRupees(paid.amount)}
        </span>
      </li>
      <li className="admin-stat">
        <Link to="/AdminQuestions" className="admin-stat-link">
          <span className="admin-stat-value">{count(unanswered)}</span>
          <span className="admin-stat-label">Unanswered questions</span>
        </Link>
      </li>
    </ul>
  );
}

/** `/AdminDashboad`. */
export function DashboardPage() {
  const name = useSession((s) => s.user?.name) || 'Admin';
  const navigate = useNavigate();
  async function logout() {
    if (!(await confirmDialog('Do you really want to log out?'))) return;
    await signOut();
    navigate('/');
  }
  return (
    <>
      <AdminHeader />
      <main className="admin-main">
        <div className="dashboard-head">
          <h1>Welcome, {name}</h1>
          <div className="row">
            <Link to="/AdminUserList" className="btn btn-primary">
              {adminScreen('/AdminUserList').label}
            </Link>
            <button type="button" className="btn" onClick={logout}>
              Logout
            </button>
          </div>
        </div>
        <Counts />
        <Tiles hub="dashboard" />
      </main>
    </>
  );
}

/** A hub's tiles, one per screen that names the hub. */
function Tiles({ hub }: { hub: 'setup' | 'dashboard' }) {
  return (
    <div className="tiles">
      {hubScreens(hub).map((s) => (
        <Link key={s.path} to={s.path} className="tile">
          {s.label}
        </Link>
      ))}
    </div>
  );
}

/** `/Setup`: the hub of the management screens. */
export function SetupPage() {
  return (
    <>
      <AdminHeader />
      <main className="admin-main">
        <h1>Setup</h1>
        <Tiles hub="setup" />
      </main>
    </>
  );
}

/** Screens the specification lists as stubs without behaviour (`/UploadVideo`, `/SubAdminCreation`, `/DashboardForUpdate`). */
export function StubPage({ title, to, label }: { title: string; to: string; label: string }) {
  return (
    <>
      <AdminHeader />
      <main className="admin-main">
        <h1>{title}</h1>
        <p className="muted">
          This is done from <Link to={to}>{label}</Link>.
        </p>
      </main>
    </>
  );
}
