import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { withMessages } from '../../lib/i18n.ts';
import type * as AdminChunkModule from './admin-app.tsx';
import { ADMIN_SCREEN_LIST, type AdminScreenEntry, type AdminView } from './admin-screen-list.ts';

/*
 * The back-office screens as the router maps them: each entry of admin-screen-list.ts with its
 * component. The router loads this with the main bundle, so it holds no component itself: each
 * screen comes from the admin area's one lazy chunk (admin-app.tsx) when first shown.
 */

type AdminChunk = typeof AdminChunkModule;
// With the catalogue parts its screens use (src/locales/parts.ts; the back office is English).
const loadChunk = withMessages(['player', 'learning', 'auth'], () => import('./admin-app.tsx'));

/** A screen of the admin chunk, loaded with it. */
const fromChunk = (pick: (chunk: AdminChunk) => ComponentType) =>
  lazy(async () => ({ default: pick(await loadChunk()) }));

const componentOf = ({ view, label }: { view: AdminView; label: string }) =>
  'page' in view
    ? fromChunk((chunk) => chunk[view.page])
    : 'catalogue' in view
      ? fromChunk((chunk) => chunk.catalogueScreen(view.catalogue))
      : fromChunk((chunk) => chunk.stubScreen(label, view.stubTo));

export interface AdminScreen extends AdminScreenEntry {
  Screen: LazyExoticComponent<ComponentType>;
}

export const ADMIN_SCREENS: readonly AdminScreen[] = ADMIN_SCREEN_LIST.map((entry) => ({
  ...entry,
  Screen: componentOf(entry),
}));
