import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInForTest, TEST_TOKEN } from '../test/session.ts';
import { api, ApiError } from './api-client.ts';
import { apiPath } from './api-paths.ts';
import { accessToken, useSession } from './session.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const headersOf = (init?: RequestInit) => (init?.headers ?? {}) as Record<string, string>;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the HTTP client', () => {
  it('turns an error answer into an ApiError with the server’s message and code', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { message: 'Already in your cart.', code: 'CONFLICT' })),
    );
    const err = await api('POST', apiPath('cart.insert'), { body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Already in your cart.' });
  });

  it('sends the CSRF header and the bearer token on every request', async () => {
    signInForTest();
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(200, { data: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await api('GET', apiPath('cart.get'));
    const init = fetchMock.mock.calls[0]![1];
    expect(headersOf(init)).toMatchObject({
      'x-requested-with': 'XMLHttpRequest',
      authorization: `Bearer ${TEST_TOKEN}`,
    });
    expect(init?.credentials).toBe('same-origin');
  });

  it('refreshes from the session cookie once on a 401 and retries with the new token, storing none', async () => {
    signInForTest();
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/login/refresh'))
        return json(200, {
          message: 'Token refreshed',
          accessToken: 'new-token',
          expires_in: 3600,
        });
      return headersOf(init).authorization === 'Bearer new-token'
        ? json(200, { message: 'ok', data: [1] })
        : json(401, { message: 'expired', code: 'UNAUTHENTICATED' });
    });
    vi.stubGlobal('fetch', fetchMock);

    const res = await api<{ data: number[] }>('GET', apiPath('cart.get'));

    expect(res.data).toEqual([1]);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [refreshUrl, refreshInit] = fetchMock.mock.calls[1]!;
    expect(refreshUrl).toBe(apiPath('learner.login.refresh'));
    // No body: the refresh token is the HttpOnly cookie's, the header proves it is the app.
    expect(refreshInit?.body).toBeUndefined();
    expect(headersOf(refreshInit)['x-requested-with']).toBe('XMLHttpRequest');
    expect(accessToken()).toBe('new-token');
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
    expect(stored).not.toContain('new-token');
    expect(stored).not.toContain(TEST_TOKEN);
  });

  it('asks for one refresh however many requests a 401 refuses at once', async () => {
    signInForTest();
    let refreshes = 0;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/login/refresh')) {
        refreshes += 1;
        await new Promise((r) => setTimeout(r, 10));
        return json(200, {
          message: 'Token refreshed',
          accessToken: 'new-token',
          expires_in: 3600,
        });
      }
      return headersOf(init).authorization === 'Bearer new-token'
        ? json(200, { message: 'ok', data: [url] })
        : json(401, { message: 'expired', code: 'UNAUTHENTICATED' });
    });
    vi.stubGlobal('fetch', fetchMock);

    const answers = await Promise.all(
      (['cart.get', 'favourites.get', 'purchases.getsubjects_purchased'] as const).map((r) =>
        api<{ data: string[] }>('GET', apiPath(r)),
      ),
    );

    expect(refreshes).toBe(1);
    expect(answers.map((a) => a.data[0])).toEqual([
      apiPath('cart.get'),
      apiPath('favourites.get'),
      apiPath('purchases.getsubjects_purchased'),
    ]);
  });

  it('sends the learner to sign in, back to this page, when the session cannot be renewed', async () => {
    signInForTest();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/Profile', search: '?a=1', assign });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { message: 'expired', code: 'UNAUTHENTICATED' })),
    );

    const err = await api('GET', apiPath('cart.get')).catch((e: unknown) => e);

    expect(err).toMatchObject({ status: 401 });
    expect(assign).toHaveBeenCalledWith('/signin?redirect=%2FProfile%3Fa%3D1');
    expect(useSession.getState()).toMatchObject({ isAuthenticated: false, status: 'signed-out' });
    expect(accessToken()).toBeNull();
  });

  it('keeps the way back it had before the refresh, though the guards moved the tab meanwhile', async () => {
    signInForTest();
    const assign = vi.fn();
    const location = { ...window.location, pathname: '/Profile', search: '', assign };
    vi.stubGlobal('location', location);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        // The refused refresh signs the tab out; its guard then shows the sign-in form.
        if (String(input).endsWith('/login/refresh')) {
          Object.assign(location, { pathname: '/signin', search: '?redirect=%2FProfile' });
        }
        return json(401, { message: 'expired', code: 'UNAUTHENTICATED' });
      }),
    );

    await api('GET', apiPath('profile.get')).catch(() => undefined);

    expect(assign).toHaveBeenCalledWith('/signin?redirect=%2FProfile');
  });
});
