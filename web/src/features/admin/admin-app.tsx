/*
 * The admin area's lazy chunk: every back-office screen, loaded together the first time an admin
 * screen is shown. Which screen answers which path is declared once, in admin-screens.ts.
 */
import { AdminSearchPage } from './admin-search-page.tsx';
import { AdminUsersPage } from './admin-users-page.tsx';
import { CatalogueScreen } from './catalogue-screen.tsx';
import { SCREENS } from './catalogue-config.ts';
import { DashboardPage, SetupPage, StubPage } from './dashboard-pages.tsx';
import { adminScreen } from './admin-screen-list.ts';
import { PaymentsPage } from './payments-page.tsx';
import { InsightsPage } from './insights-page.tsx';
import { QuestionsPage } from './questions-page.tsx';
import { TopicSourcesPage } from './topic-sources-page.tsx';
import { QuestionBankPage } from './question-bank-page.tsx';
import { CouponsPage } from './coupons-page.tsx';
import { SellerSettingsPage } from './seller-settings-page.tsx';

export {
  AdminSearchPage,
  AdminUsersPage,
  CouponsPage,
  DashboardPage,
  PaymentsPage,
  InsightsPage,
  QuestionBankPage,
  QuestionsPage,
  SellerSettingsPage,
  SetupPage,
  TopicSourcesPage,
};

/** The catalogue screen of one configuration (the dashboard if there is none). */
export const catalogueScreen = (name: string) => {
  const config = SCREENS[name];
  return () => (config ? <CatalogueScreen key={name} config={config} /> : <DashboardPage />);
};

/** A stub screen: its heading, and a link to the screen where the work is done. */
export const stubScreen = (title: string, to: string) => () => (
  <StubPage title={title} to={to} label={adminScreen(to).label} />
);
