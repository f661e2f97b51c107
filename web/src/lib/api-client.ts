import type { ErrorBody, ErrorBodyDetail, MessageCoding } from '@gia/shared';
import { signInPath } from './redirect.ts';
import { accessToken, useSession } from './session.ts';
import { serverMessagesLoaded, serverText } from './server-text.ts';
import { CSRF_HEADERS, refreshSession } from './session-sync.ts';

/**
 * An error answer of the API: `message` is the server's English, `coding` its stable code (and
 * values) by which `serverText` shows it in the learner's language.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: (Pick<ErrorBodyDetail, 'field' | 'message'> & Partial<MessageCoding>)[],
    readonly coding?: MessageCoding,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Json = Record<string, unknown>;

/** Where the tab was, and as whom, before a refresh was tried (which may sign it out). */
interface Whereabouts {
  role: ReturnType<typeof useSession.getState>['role'];
  here: string;
}

const whereabouts = (): Whereabouts => ({
  role: useSession.getState().role,
  here: window.location.pathname + window.location.search,
});

/**
 * Where a session that cannot be renewed is sent, to come back after signing in. `before` is read
 * before the refresh: a refused refresh signs the tab out, and the route guards may already have
 * moved it to the sign-in form, whose own URL must not become the way back.
 */
function sendToSignIn(before: Whereabouts) {
  useSession.getState().signOut();
  window.location.assign(before.role === 'admin' ? '/AdminLoginNew' : signInPath(before.here));
}

interface RequestOptions {
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
  /** `false`: a 401 is answered as it is, without a refresh or a trip to sign-in (sign-out). */
  renew?: boolean;
  /** The answer of this very request, already sent (the boot script's), read instead of sending. */
  sent?: Response;
  /** Outlives the page (a write sent as the page hides, issue 32). */
  keepalive?: boolean;
}

/**
 * The one HTTP client of the app: JSON in and out, the bearer token attached, error answers
 * turned into `ApiError` with the server's message, and one silent refresh on a 401. Every request
 * carries the CSRF header, so the calls the session cookie authenticates (refresh, logout) have it.
 */
export async function api<T = Json>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  let token = accessToken();
  // The server's messages in the learner's language (issue 33), fetched beside the request and
  // awaited (again: the language may change meanwhile) before an answer is handed over.
  const messagesLoaded = () => serverMessagesLoaded().catch(() => undefined);
  void messagesLoaded();
  const send = async () => {
    const headers: Record<string, string> = { ...CSRF_HEADERS };
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(path, {
      method,
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
      credentials: 'same-origin',
      ...(options.keepalive ? { keepalive: true } : {}),
      // The query cache is the SPA's cache: the browser asks the edge every time (a 304 when a
      // public catalogue answer is unchanged), so a refetch is never older than the edge's copy.
      cache: 'no-cache',
    });
  };
  let res = options.sent ?? (await send());
  if (res.status === 401 && token && options.renew !== false) {
    const before = whereabouts();
    if ((await refreshSession(token)) === 'renewed') {
      token = accessToken();
      res = await send();
    } else {
      sendToSignIn(before);
      await messagesLoaded();
      throw new ApiError(
        401,
        'UNAUTHENTICATED',
        'Your session has expired. Please sign in again.',
        undefined,
        { message_code: 'app.refresh_failed' },
      );
    }
  }
  const text = await res.text();
  await messagesLoaded();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const err = (body ?? {}) as Partial<ErrorBody>;
    throw new ApiError(
      res.status,
      err.code ?? 'INTERNAL',
      err.message ?? 'Something went wrong.',
      err.details,
      err.message_code
        ? { message_code: err.message_code, message_params: err.message_params }
        : undefined,
    );
  }
  return body as T;
}

/** The server's message of an error answer, in the learner's language (`serverText`). */
export const apiErrorText = (err: ApiError) => serverText({ message: err.message, ...err.coding });

/** The user-facing text of any error, in the learner's language. */
export const errorMessage = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status < 500 ? apiErrorText(err) : fallback;
