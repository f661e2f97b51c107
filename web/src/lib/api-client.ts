import type { ErrorBody } from '@gia/shared';
import { apiPath } from './api-paths.ts';
import { accessToken, refreshToken, useSession } from './session.ts';

/** An error answer of the API, with the message the user should see. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Json = Record<string, unknown>;

let refreshing: Promise<boolean> | undefined;

/** One refresh at a time: a new access token from the refresh token of the current role. */
function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const role = useSession.getState().role;
    const token = refreshToken();
    if (!role || !token) return false;
    try {
      const res = await fetch(apiPath(`${role}.login.refresh`), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: token }),
      });
      if (!res.ok) return false;
      const body = (await res.json()) as { accessToken?: string };
      if (!body.accessToken) return false;
      useSession.getState().setAccessToken(body.accessToken);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** Where a session that cannot be renewed is sent. */
function sendToSignIn() {
  const role = useSession.getState().role;
  useSession.getState().signOut();
  const here = window.location.pathname + window.location.search;
  window.location.assign(
    role === 'admin' ? '/AdminLoginNew' : `/signin?redirect=${encodeURIComponent(here)}`,
  );
}

interface RequestOptions {
  body?: unknown;
  form?: FormData;
  signal?: AbortSignal;
}

/**
 * The one HTTP client of the app: JSON in and out, the bearer token attached, error answers
 * turned into `ApiError` with the server's message, and one silent refresh on a 401.
 */
export async function api<T = Json>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const send = async () => {
    const headers: Record<string, string> = {};
    const token = accessToken();
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(path, {
      method,
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  };
  const hadToken = Boolean(accessToken());
  let res = await send();
  if (res.status === 401 && hadToken) {
    if (await refreshSession()) res = await send();
    else {
      sendToSignIn();
      throw new ApiError(401, 'UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
    }
  }
  const text = await res.text();
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
    );
  }
  return body as T;
}

/** The user-facing text of any error. */
export const errorMessage = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status < 500 ? err.message : fallback;
