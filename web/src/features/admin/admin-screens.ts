import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type * as AdminChunkModule from './admin-app.tsx';

/*
 * Every back-office screen, declared once: the router maps this list to routes, and the Setup
 * and Dashboard hubs and the admin header take their links from it. The router loads it with the
 * main bundle, so it holds no component itself: each screen comes from the admin area's one lazy
 * chunk (admin-app.tsx) when first shown.
 */

type AdminChunk = typeof AdminChunkModule;
const loadChunk = () => import('./admin-app.tsx');

/** A screen of the admin chunk, loaded with it. */
const fromChunk = (pick: (chunk: AdminChunk) => ComponentType) =>
  lazy(async () => ({ default: pick(await loadChunk()) }));

/** A hub screen whose tiles link to other screens. */
export type AdminHub = 'setup' | 'dashboard';

export interface AdminScreen {
  /** The route, as the specification names it. */
  path: string;
  /** The screen's name on links and tiles (and a stub's heading). */
  label: string;
  /** The hubs that show a tile for it, in this list's order. */
  hubs?: readonly AdminHub[];
  Screen: LazyExoticComponent<ComponentType>;
}

/** A screen of the catalogue (its configuration is in catalogue-config.ts). */
const catalogue = (name: string, label = name): AdminScreen => ({
  path: `/${name}`,
  label,
  hubs: ['setup'],
  Screen: fromChunk((chunk) => chunk.catalogueScreen(name)),
});

/** A screen the specification lists without behaviour: it points to where the work is done. */
const stub = (path: string, label: string, to: string): AdminScreen => ({
  path,
  label,
  Screen: fromChunk((chunk) => chunk.stubScreen(label, to)),
});

export const ADMIN_SCREENS: readonly AdminScreen[] = [
  {
    path: '/Setup',
    label: 'Setup',
    // Not a tile of its own hub, though the specification draws one: it would link to itself.
    hubs: ['dashboard'],
    Screen: fromChunk((chunk) => chunk.SetupPage),
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
    Screen: fromChunk((chunk) => chunk.DashboardPage),
  },
  {
    path: '/AdminQuestions',
    label: 'Questions',
    hubs: ['dashboard'],
    Screen: fromChunk((chunk) => chunk.QuestionsPage),
  },
  // Captured payments and their refunds (issue 18).
  {
    path: '/AdminPayments',
    label: 'Payments',
    hubs: ['dashboard'],
    Screen: fromChunk((chunk) => chunk.PaymentsPage),
  },
  // Sales per day and where viewers stop watching (issue 18).
  {
    path: '/AdminInsights',
    label: 'Insights',
    hubs: ['dashboard'],
    Screen: fromChunk((chunk) => chunk.InsightsPage),
  },
  {
    path: '/AdminUserList',
    label: 'Add New Admin',
    Screen: fromChunk((chunk) => chunk.AdminUsersPage),
  },
  stub('/UploadVideo', 'Upload Video', '/Topics'),
  stub('/SubAdminCreation', 'Sub Admin Creation', '/AdminUserList'),
  stub('/DashboardForUpdate', 'Dashboard', '/Setup'),
  // What the AI teacher answers a topic from, and corrections of its notes (issue 16).
  {
    path: '/TopicSources',
    label: 'Topic Sources',
    hubs: ['setup'],
    Screen: fromChunk((chunk) => chunk.TopicSourcesPage),
  },
  // A topic's practice questions: by hand, by CSV or drafted by the AI (issue 17).
  {
    path: '/TopicQuestions',
    label: 'Practice Questions',
    hubs: ['setup'],
    Screen: fromChunk((chunk) => chunk.QuestionBankPage),
  },
  // Selling (issue 18): discount codes, and the seller's details for the tax invoices.
  {
    path: '/AdminCoupons',
    label: 'Coupons',
    hubs: ['dashboard'],
    Screen: fromChunk((chunk) => chunk.CouponsPage),
  },
  {
    path: '/SellerSettings',
    label: 'Seller settings',
    hubs: ['dashboard'],
    Screen: fromChunk((chunk) => chunk.SellerSettingsPage),
  },
];

/** The screen at a path (every path used in links is in the list). */
export const adminScreen = (path: string): AdminScreen => {
  const screen = ADMIN_SCREENS.find((s) => s.path === path);
  if (!screen) throw new Error(`No admin screen at ${path}`);
  return screen;
};

/** The tiles of a hub, in the list's order. */
export const hubScreens = (hub: AdminHub) => ADMIN_SCREENS.filter((s) => s.hubs?.includes(hub));
