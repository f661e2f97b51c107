/*
 * How a sign-in session is kept (issue 29, docs/api.md §3): the refresh token lives in an
 * HttpOnly cookie scoped to its pool's login path; the SPA holds the access token in memory only.
 */

/** The cookie that carries a pool's refresh token (its `Path` tells the pools apart). */
export const SESSION_COOKIE = 'gia_session';

/**
 * The header every cookie-authenticated, state-changing request must carry (refresh, logout): a
 * cross-site form cannot set it, and a cross-site `fetch` that sets it needs a CORS preflight the
 * API never grants. `SameSite=Strict` is the first line; this is the second.
 */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'XMLHttpRequest';

/** How long a refresh token (and so its cookie) lives: Cognito's refresh-token validity. */
export const SESSION_DAYS = { learner: 30, admin: 1 } as const;

/** One-time sign-in codes: six digits, ten minutes, single use, five tries. */
export const SIGN_IN_CODE = { digits: 6, minutes: 10, maxTries: 5 } as const;
