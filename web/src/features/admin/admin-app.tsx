import { useLocation } from 'react-router-dom';
import { AdminUsersPage } from './admin-users-page.tsx';
import { CatalogueScreen } from './catalogue-screen.tsx';
import { SCREENS } from './catalogue-config.ts';
import { DashboardPage, SetupPage, StubPage } from './dashboard-pages.tsx';
import { QuestionsPage } from './questions-page.tsx';

/** The admin area: one lazily loaded chunk with every back-office screen. */
export default function AdminApp() {
  const { pathname } = useLocation();
  const screen = pathname.slice(1);
  if (screen === 'AdminDashboad') return <DashboardPage />;
  if (screen === 'Setup') return <SetupPage />;
  if (screen === 'AdminUserList') return <AdminUsersPage />;
  if (screen === 'AdminQuestions') return <QuestionsPage />;
  if (screen === 'UploadVideo')
    return <StubPage title="Upload Video" to="/Topics" label="Topics" />;
  if (screen === 'SubAdminCreation')
    return <StubPage title="Sub Admin Creation" to="/AdminUserList" label="Add New Admin" />;
  if (screen === 'DashboardForUpdate')
    return <StubPage title="Dashboard" to="/Setup" label="Setup" />;
  const config = SCREENS[screen];
  return config ? <CatalogueScreen key={screen} config={config} /> : <DashboardPage />;
}
