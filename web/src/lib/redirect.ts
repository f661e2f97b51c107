/**
 * Where a learner goes after signing in (or up): the `redirect` query parameter that every link to
 * sign-in carries. Only a path of this site is followed, never another origin (an open redirect).
 */

/** The query parameter that carries where to return after signing in. */
export const REDIRECT_PARAM = 'redirect';

/** Where a learner lands after signing in when nothing (or nothing safe) says otherwise. */
export const AFTER_SIGN_IN = '/GetBoard';

/**
 * `value` when it is a path of this site (one leading `/`, not `//` nor `/\`, which browsers read
 * as another host, and no control characters, which the URL parser drops), else `fallback`.
 */
export function safeRedirect(value: string | null | undefined, fallback = AFTER_SIGN_IN): string {
  if (!value || !value.startsWith('/')) return fallback;
  if (value[1] === '/' || value[1] === '\\') return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  return value;
}

/** `?redirect=…` for a link between the sign-in screens ('' when there is nowhere to return). */
export function redirectQuery(value: string | null | undefined): string {
  const safe = safeRedirect(value, '');
  return safe ? `?${REDIRECT_PARAM}=${encodeURIComponent(safe)}` : '';
}

/** The learner's sign-in screen, returning to `back` (a path with its query) afterwards. */
export const signInPath = (back?: string | null) => `/signin${redirectQuery(back)}`;

/**
 * What a screen hands a sign-in form through the router's state (never the URL, so an address
 * stays out of the history and the server's logs): the e-mail to fill in, and a message to show
 * above the form (the password was changed, every session was ended).
 */
export interface SignInState {
  email?: string;
  notice?: string;
}

/** The router state to open a sign-in form with. */
export const signInState = (email?: string, notice?: string): SignInState => ({
  ...(email && { email }),
  ...(notice && { notice }),
});
