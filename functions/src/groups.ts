import type { RouteGroup } from '@gia/shared';
import type { LambdaHandler } from './lib/http.ts';

/**
 * Where each route group's Lambda handler lives: `functions/src/<group>/handler.ts`. The local
 * gateway loads them from here; the CDK stack bundles the same files as entry points.
 */
export const GROUP_HANDLERS: Record<RouteGroup, () => Promise<{ handler: LambdaHandler }>> = {
  health: () => import('./health/handler.ts'),
  auth: () => import('./auth/handler.ts'),
  admins: () => import('./admins/handler.ts'),
  catalogue: () => import('./catalogue/handler.ts'),
  'catalogue-admin': () => import('./catalogue-admin/handler.ts'),
  uploads: () => import('./uploads/handler.ts'),
  profile: () => import('./profile/handler.ts'),
  cart: () => import('./cart/handler.ts'),
  purchases: () => import('./purchases/handler.ts'),
  favourites: () => import('./favourites/handler.ts'),
  learning: () => import('./learning/handler.ts'),
  'learning-admin': () => import('./learning-admin/handler.ts'),
  payments: () => import('./payments/handler.ts'),
  ai: () => import('./ai/handler.ts'),
  local: () => import('./local/handler.ts'),
};

/** The handler file of a group, relative to the functions package. */
export const handlerEntry = (group: RouteGroup): string => `src/${group}/handler.ts`;
