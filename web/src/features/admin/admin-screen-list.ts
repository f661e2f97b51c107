/*
 * Every back-office screen, declared once: its path, its name on links and tiles, the hubs that
 * show it, and what it shows. No component here: the pages read this list for their links, and
 * admin-screens.ts binds each entry to its component in the admin area's lazy chunk, so the list
 * and the chunk do not import each other.
 */

/** A hub screen whose tiles link to other screens. */
export type AdminHub = 'setup' | 'dashboard';

/** The admin chunk's pages (admin-app.tsx exports each by this name). */
export type AdminPage =
  | 'SetupPage'
  | 'DashboardPage'
  | 'QuestionsPage'
  | 'PaymentsPage'
  | 'InsightsPage'
  | 'AdminUsersPage'
  | 'TopicSourcesPage'
  | 'QuestionBankPage'
  | 'CouponsPage'
  | 'SellerSettingsPage'
  | 'AdminSearchPage';

/** What a screen shows: a page, a catalogue screen (catalogue-config.ts), or a stub. */
export type AdminView =
  | { page: AdminPage }
  | { catalogue: string }
  /** A screen the specification lists without behaviour: it points to where the work is done. */
  | { stubTo: string };

export interface AdminScreenEntry {
  /** The route, as the specification names it. */
  path: string;
  /** The screen's name on links and tiles (and a stub's heading). */
  label: string;
  /** The hubs that show a tile for it, in this list's order. */
  hubs?: readonly AdminHub[];
  view: AdminView;
}

/** A screen of the catalogue (its configuration is in catalogue-config.ts). */
const catalogue = (name: string, label = name): AdminScreenEntry => ({
  path: `/${name}`,
  label,
  hubs: ['setup'],
  view: { catalogue: name },
});

const stub = (path: string, label: string, to: string): AdminScreenEntry => ({
  path,
  label,
  view: { stubTo: to },
});

export const ADMIN_SCREEN_LIST: readonly AdminScreenEntry[] = [
  {
    path: '/Setup',
    label: 'Setup',
    // Not a tile of its own hub, though the specification draws one: it would link to itself.
    hubs: ['dashboard'],
    view: { page: 'SetupPage' },
  },
  catalogue('Board'),
  catalogue('Class'),
  catalogue('Subject'),
  catalogue('SubSubject'),
  catalogue('SubjectDetails', 'Subject Details'),
  catalogue('Chapters'),
  catalogue('Topics'),
  catalogue('Testimonial'),
  {
    path: '/AdminDashboad',
    label: 'Dashboard',
    hubs: ['setup'],
    view: { page: 'DashboardPage' },
  },
  {
    path: '/AdminQuestions',
    label: 'Questions',
    hubs: ['dashboard'],
    view: { page: 'QuestionsPage' },
  },
  // Captured payments and their refunds (issue 18).
  {
    path: '/AdminPayments',
    label: 'Payments',
    hubs: ['dashboard'],
    view: { page: 'PaymentsPage' },
  },
  // Sales per day and where viewers stop watching (issue 18).
  {
    path: '/AdminInsights',
    label: 'Insights',
    hubs: ['dashboard'],
    view: { page: 'InsightsPage' },
  },
  {
    path: '/AdminUserList',
    label: 'Add New Admin',
    view: { page: 'AdminUsersPage' },
  },
  stub('/UploadVideo', 'Upload Video', '/Topics'),
  stub('/SubAdminCreation', 'Sub Admin Creation', '/AdminUserList'),
  stub('/DashboardForUpdate', 'Dashboard', '/Setup'),
  // What the AI teacher answers a topic from, and corrections of its notes (issue 16).
  {
    path: '/TopicSources',
    label: 'Topic Sources',
    hubs: ['setup'],
    view: { page: 'TopicSourcesPage' },
  },
  // A topic's practice questions: by hand, by CSV or drafted by the AI (issue 17).
  {
    path: '/TopicQuestions',
    label: 'Practice Questions',
    hubs: ['setup'],
    view: { page: 'QuestionBankPage' },
  },
  // Selling (issue 18): discount codes, and the seller's details for the tax invoices.
  {
    path: '/AdminCoupons',
    label: 'Coupons',
    hubs: ['dashboard'],
    view: { page: 'CouponsPage' },
  },
  // Search (issue 34): the learners' search over every class, opening each hit's admin screen.
  {
    path: '/AdminSearch',
    label: 'Search',
    hubs: ['setup', 'dashboard'],
    view: { page: 'AdminSearchPage' },
  },
  {
    path: '/SellerSettings',
    label: 'Seller settings',
    hubs: ['dashboard'],
    view: { page: 'SellerSettingsPage' },
  },
];

/** The screen at a path (every path used in links is in the list). */
export const adminScreen = (path: string): AdminScreenEntry => {
  const screen = ADMIN_SCREEN_LIST.find((s) => s.path === path);
  if (!screen) throw new Error(`No admin screen at ${path}`);
  return screen;
};

/** The tiles of a hub, in the list's order. */
export const hubScreens = (hub: AdminHub) => ADMIN_SCREEN_LIST.filter((s) => s.hubs?.includes(hub));
