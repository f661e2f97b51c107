import { routesOfGroup, type RouteGroup } from '@gia/shared';
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
  'media-jobs': () => import('./media-jobs/handler.ts'),
  'ai-admin': () => import('./ai-admin/handler.ts'),
  practice: () => import('./practice/handler.ts'),
  'practice-admin': () => import('./practice-admin/handler.ts'),
  'sales-admin': () => import('./sales-admin/handler.ts'),
  insights: () => import('./insights/handler.ts'),
};

/** The handler file of a group, relative to the functions package. */
export const handlerEntry = (group: RouteGroup): string => `src/${group}/handler.ts`;

/**
 * Modules left out of every Lambda bundle (esbuild `external`). Each is reached only through a
 * dynamic `import()` that never runs in Lambda: the credential providers for profiles, SSO,
 * `credential_process`, web identity, containers and EC2, with the STS and SSO clients they pull
 * in (about 105 of the 333 KB of a bare DynamoDB client's bundle). The SDK's default chain tries
 * the environment first, and Lambda always puts the function's credentials there. Scripts and
 * tests run unbundled and keep the whole chain.
 */
export const LAMBDA_EXTERNAL_MODULES: readonly string[] = [
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@smithy/credential-provider-imds',
];

/**
 * What the Lambda bundle of a group leaves out: the CDK stack's `externalModules` and the bundle
 * benchmark read this. Besides {@link LAMBDA_EXTERNAL_MODULES}, the SDK's event-stream support
 * (15 KB): no function creates an S3 client (lib/s3-presign.ts), whose configuration imports it
 * statically; the other clients reach it only by a dynamic import that no call of theirs makes
 * (DynamoDB, Cognito and Secrets Manager calls have no event streams). The bundle test fails if
 * a group needs it.
 */
export const lambdaExternalModules = (_group: RouteGroup): string[] => [
  ...LAMBDA_EXTERNAL_MODULES,
  '@smithy/core/event-streams',
];

/**
 * How the Lambda bundle of a group is built beyond the options every function shares: the CDK
 * stack (infra/src/constructs/api-route-group.ts) and the bundle benchmark and test read this.
 * - `externalModules`: see {@link lambdaExternalModules}.
 * - `define`: `GIA_GROUP_ROUTES`, the JSON of the group's own routes, which the router
 *   (lib/http.ts) matches against instead of importing the whole route table (about 7 KB a
 *   bundle); the local gateway and the CDK stack still read the one table in shared/src/routes.ts.
 */
export interface LambdaBundling {
  externalModules: string[];
  define: Record<string, string>;
}

export const lambdaBundling = (group: RouteGroup): LambdaBundling => ({
  externalModules: lambdaExternalModules(group),
  define: {
    GIA_GROUP_ROUTES: JSON.stringify(JSON.stringify(routesOfGroup(group))),
  },
});
