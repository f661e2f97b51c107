/**
 * The web app's name for the shared {@link routePath}: every API path is built from the shared
 * route table, never spelt here.
 */
export { routePath as apiPath, type QueryValues } from '@gia/shared/route-path.ts';
export type { RouteName } from '@gia/shared/routes.ts';
