import { ROUTES, type RouteDef } from '@gia/shared';

/**
 * Request limits in AWS, in one place. Two layers:
 * - per client (the WAF web ACL on CloudFront, keyed on the viewer's IP): one client cannot use
 *   up the API for everyone, nor guess passwords, open accounts, orders or uploads in bulk;
 * - per route for all clients together (HTTP API route throttles): the routes that call a paid or
 *   rate-limited provider get a share of the stage's rate, not all of it.
 * Schools put whole classrooms behind one address, so the per-IP limits leave room for a class
 * doing the same thing at once; the functions keep their own per-account limits beside these.
 */

/** The WAF counts requests per IP over this window (seconds). */
export const RATE_WINDOW_SECONDS = 300;

/** Every `/api/*` request of one IP, per window: 10 requests/s sustained. */
export const API_REQUESTS_PER_IP = 3000;

/** The whole stage: steady requests/s and burst, beyond which API Gateway answers 429. */
export const STAGE_THROTTLE = { rateLimit: 200, burstLimit: 400 } as const;

export interface RouteLimit {
  /** Route names of the shared route table (`shared/src/routes.ts`). */
  readonly routes: readonly string[];
  /** Requests one IP may make to these routes per window. */
  readonly perIp: number;
  /** Steady requests/s each of these routes accepts from all clients together (burst: twice). */
  readonly routeRate: number;
  /** Why this route is expensive. */
  readonly why: string;
}

/** The expensive routes, with tighter limits than the rest of the API. */
export const ROUTE_LIMITS = {
  SignIn: {
    routes: ['learner.login.request', 'admin.login.request'],
    perIp: 100,
    routeRate: 20,
    why: 'password guessing; each attempt is a Cognito InitiateAuth (account quota 120/s)',
  },
  SignUp: {
    routes: ['learner.login.signup'],
    perIp: 20,
    routeRate: 5,
    why: 'free accounts in bulk (each gets its own AI allowance); Cognito SignUp quota 50/s',
  },
  Checkout: {
    routes: ['payments.process'],
    perIp: 30,
    routeRate: 10,
    why: 'each call creates a Razorpay order that reconciliation must check later',
  },
  Uploads: {
    routes: ['uploads.presign', 'uploads.file'],
    perIp: 100,
    routeRate: 20,
    why: 'stored bytes; /upload/file carries up to 5 MiB through a function',
  },
  AiTeacher: {
    routes: ['ai.ask'],
    perIp: 100,
    routeRate: 10,
    why: 'each question is a paid OpenAI call',
  },
} as const satisfies Record<string, RouteLimit>;

/** The route table's entries for route names; an unknown name fails the synth. */
export function routesNamed(names: readonly string[]): RouteDef[] {
  return names.map((name) => {
    const route = ROUTES.find((r) => r.name === name);
    if (!route) throw new Error(`limits: no route named ${name} in the shared route table`);
    if (route.path.includes('{')) throw new Error(`limits: ${name} has a path parameter`);
    return route;
  });
}
