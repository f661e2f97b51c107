import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInForTest, TEST_TOKEN } from '../test/session.ts';
import { apiPath } from './api-paths.ts';
import { signOut } from './auth.ts';
import { accessToken, showSessionStatus, useSession } from './session.ts';
import {
  openSession,
  refreshSession,
  REFRESH_AHEAD_MS,
  RENEWED_AT_KEY,
  SESSION_CHANNEL,
  startSession,
  stopSession,
} from './session-sync.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const asha = { empid: 'u1', name: 'Asha', email: 'asha@example.in' };

/** The persisted hint a reload finds: a learner was signed in on this device. */
const learnerHint = () =>
  useSession.setState({ isAuthenticated: true, role: 'learner', user: asha });

/** The server's refresh: a new token from the cookie, or 401 once the session is gone. */
function refreshServer(answer: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url === apiPath('learner.login.refresh') || url === apiPath('admin.login.refresh')
      ? answer()
      : json(200, { message: 'ok' }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const refreshCalls = (fetchMock: ReturnType<typeof refreshServer>) =>
  fetchMock.mock.calls.filter(([url]) => url.endsWith('/login/refresh'));

/** Everything the page could read back from storage. */
const stored = () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });

/** Another tab of this browser: its end of the session channel, and what it heard. */
function otherTab() {
  const heard: unknown[] = [];
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = (e: MessageEvent<unknown>) => heard.push(e.data);
  opened.push(channel);
  return { heard, post: (m: unknown) => channel.postMessage(m) };
}
const opened: BroadcastChannel[] = [];

/** A Web Locks stand-in shared by "tabs": one holder at a time, in request order. */
function installLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  const locks = {
    request: vi.fn((_name: string, work: () => Promise<unknown>) => {
      const run = tail.then(() => work());
      tail = run.catch(() => undefined);
      return run;
    }),
    /** Another tab takes the lock; call the answer to let it go. */
    hold() {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      tail = tail.then(() => held);
      return release;
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
  return locks;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const c of opened.splice(0)) c.close();
  delete (navigator as { locks?: unknown }).locks;
});

describe('restoring the session when the app starts', () => {
  it('trades the cookie for a token before the guards decide, and stores no token', async () => {
    learnerHint();
    const fetchMock = refreshServer(() =>
      json(200, { message: 'Token refreshed', accessToken: 'restored-1', expires_in: 3600 }),
    );

    const started = startSession();
    expect(useSession.getState().status).toBe('restoring');
    await started;

    expect(useSession.getState()).toMatchObject({ status: 'signed-in', role: 'learner' });
    expect(accessToken()).toBe('restored-1');
    const [url, init] = refreshCalls(fetchMock)[0]!;
    expect(url).toBe(apiPath('learner.login.refresh'));
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeUndefined();
    expect(init?.headers).toMatchObject({ 'x-requested-with': 'XMLHttpRequest' });
    expect(stored()).not.toContain('restored-1');
    expect(localStorage.getItem('root')).toContain('asha@example.in');
  });

  it('clears the hint when the cookie no longer opens a session (401)', async () => {
    learnerHint();
    refreshServer(() => json(401, { message: 'expired', code: 'UNAUTHENTICATED' }));

    await startSession();

    expect(useSession.getState()).toMatchObject({
      status: 'signed-out',
      isAuthenticated: false,
      role: null,
      user: null,
    });
    expect(JSON.parse(localStorage.getItem('root') ?? '{}').state.isAuthenticated).toBe(false);
  });

  it('keeps the hint when the server cannot be reached, for the next try', async () => {
    learnerHint();
    refreshServer(() => Promise.reject(new TypeError('Failed to fetch')));

    await startSession();

    expect(useSession.getState()).toMatchObject({ status: 'signed-out', isAuthenticated: true });
    expect(accessToken()).toBeNull();
  });

  it('asks for nothing when no one was signed in', async () => {
    const fetchMock = refreshServer(() => json(500, {}));
    await startSession();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useSession.getState().status).toBe('signed-out');
  });

  it('shows on the page whether the tab is signed in, never the token', async () => {
    const html = document.documentElement;
    const stop = showSessionStatus(html);
    expect(html.dataset.session).toBeUndefined();
    learnerHint();
    refreshServer(() =>
      json(200, { message: 'Token refreshed', accessToken: 'restored-2', expires_in: 3600 }),
    );
    const started = startSession();
    expect(html.dataset.session).toBe('restoring');
    await started;
    expect(html.dataset.session).toBe('learner');
    expect(html.outerHTML).not.toContain('restored-2');
    useSession.getState().signOut();
    expect(html.dataset.session).toBeUndefined();
    stop();
  });
});

describe('adopting the boot script’s refresh (a lesson link, issue 30)', () => {
  afterEach(() => {
    delete (window as { __giaBoot?: unknown }).__giaBoot;
  });

  it('uses the refresh the boot script started, once, instead of refreshing again', async () => {
    learnerHint();
    const fetchMock = refreshServer(() =>
      json(200, { message: 'Token refreshed', accessToken: 'ours-1', expires_in: 3600 }),
    );
    const boot = {
      topic: 't1',
      refresh: Promise.resolve(
        json(200, { message: 'Token refreshed', accessToken: 'boot-1', expires_in: 3600 }),
      ),
      lesson: Promise.resolve(undefined),
    };
    Object.assign(window, { __giaBoot: boot });

    await startSession();

    expect(useSession.getState()).toMatchObject({ status: 'signed-in', role: 'learner' });
    expect(accessToken()).toBe('boot-1');
    expect(refreshCalls(fetchMock)).toHaveLength(0);
    expect(boot).not.toHaveProperty('refresh');
    expect(stored()).not.toContain('boot-1');

    // The next renewal is the app's own (a later one: no renewal stamped since it asked).
    localStorage.removeItem(RENEWED_AT_KEY);
    await refreshSession(accessToken());
    expect(accessToken()).toBe('ours-1');
    expect(refreshCalls(fetchMock)).toHaveLength(1);
  });

  it('ends the session when the boot script’s refresh was refused (401)', async () => {
    learnerHint();
    const fetchMock = refreshServer(() => json(500, {}));
    Object.assign(window, {
      __giaBoot: {
        topic: 't1',
        refresh: Promise.resolve(json(401, { message: 'expired', code: 'UNAUTHENTICATED' })),
        lesson: Promise.resolve(undefined),
      },
    });

    await startSession();

    expect(useSession.getState()).toMatchObject({ status: 'signed-out', isAuthenticated: false });
    expect(refreshCalls(fetchMock)).toHaveLength(0);
  });

  it('leaves a learner’s boot refresh alone in a tab restoring an admin session', async () => {
    useSession.setState({ isAuthenticated: true, role: 'admin', user: asha });
    const fetchMock = refreshServer(() =>
      json(200, { message: 'Token refreshed', accessToken: 'admin-1', expires_in: 3600 }),
    );
    Object.assign(window, {
      __giaBoot: {
        topic: 't1',
        refresh: Promise.resolve(json(200, { accessToken: 'boot-2', expires_in: 3600 })),
        lesson: Promise.resolve(undefined),
      },
    });

    await startSession();

    expect(accessToken()).toBe('admin-1');
    expect(refreshCalls(fetchMock)[0]![0]).toBe(apiPath('admin.login.refresh'));
  });
});

describe('renewing the token', () => {
  it('renews it a minute before it expires', async () => {
    vi.useFakeTimers();
    const fetchMock = refreshServer(() =>
      json(200, { message: 'Token refreshed', accessToken: 'renewed-1', expires_in: 3600 }),
    );
    openSession('learner', asha, 'first', 3600);

    await vi.advanceTimersByTimeAsync(3600_000 - REFRESH_AHEAD_MS - 1000);
    expect(refreshCalls(fetchMock)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2000);

    expect(refreshCalls(fetchMock)).toHaveLength(1);
    expect(accessToken()).toBe('renewed-1');
  });

  it('tells the other tabs the new token', async () => {
    signInForTest({ user: asha });
    const tab = otherTab();
    refreshServer(() =>
      json(200, { message: 'Token refreshed', accessToken: 'renewed-2', expires_in: 3600 }),
    );

    expect(await refreshSession(TEST_TOKEN)).toBe('renewed');

    await vi.waitFor(() =>
      expect(tab.heard).toEqual([
        { accessToken: 'renewed-2', expiresAt: expect.any(Number), role: 'learner', user: asha },
      ]),
    );
  });

  it('uses the token another tab delivered while this one waited for the lock, instead of refreshing', async () => {
    signInForTest({ user: asha });
    const locks = installLocks();
    const tab = otherTab();
    const fetchMock = refreshServer(() => json(500, { message: 'should not be asked' }));
    const release = locks.hold(); // the other tab is refreshing

    const outcome = refreshSession(TEST_TOKEN);
    tab.post({
      accessToken: 'from-the-other-tab',
      expiresAt: Date.now() + 3600_000,
      role: 'learner',
      user: asha,
    });
    await vi.waitFor(() => expect(accessToken()).toBe('from-the-other-tab'));
    release();

    expect(await outcome).toBe('renewed');
    expect(locks.request).toHaveBeenCalledWith(SESSION_CHANNEL, expect.any(Function));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets only one of two tabs that start together refresh; the other uses its token', async () => {
    installLocks();
    learnerHint();
    let issued = 0;
    const fetchMock = refreshServer(async () => {
      issued += 1;
      await new Promise((r) => setTimeout(r, 20));
      return json(200, {
        message: 'Token refreshed',
        accessToken: `token-${issued}`,
        expires_in: 3600,
      });
    });
    // A second tab: the same modules loaded again, sharing this browser's storage, lock and channel.
    vi.resetModules();
    const second = {
      session: await import('./session.ts'),
      sync: await import('./session-sync.ts'),
    };
    expect(second.session.useSession.getState().isAuthenticated).toBe(true);

    await Promise.all([startSession(), second.sync.startSession()]);

    expect(refreshCalls(fetchMock)).toHaveLength(1);
    expect(accessToken()).toBe('token-1');
    expect(second.session.accessToken()).toBe('token-1');
    second.sync.stopSession();
  });
});

describe('signing out', () => {
  it('ends the session on the server and signs out every other tab at once', async () => {
    signInForTest({ user: asha });
    const tab = otherTab();
    const fetchMock = refreshServer(() => json(500, {}));

    await signOut();

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(apiPath('learner.login.logout'));
    expect(init?.headers).toMatchObject({
      authorization: `Bearer ${TEST_TOKEN}`,
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(accessToken()).toBeNull();
    expect(useSession.getState()).toMatchObject({ isAuthenticated: false, status: 'signed-out' });
    await vi.waitFor(() => expect(tab.heard).toEqual(['signed-out']));
  });

  it('signs out here even when the token has expired, without a refresh or a trip to sign-in', async () => {
    signInForTest({ user: asha });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const fetchMock = refreshServer(() => json(200, {}));
    fetchMock.mockImplementation(async () =>
      json(401, { message: 'expired', code: 'UNAUTHENTICATED' }),
    );

    await signOut();

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([apiPath('learner.login.logout')]);
    expect(assign).not.toHaveBeenCalled();
    expect(accessToken()).toBeNull();
  });

  it('drops the token and the hint when another tab signs out', async () => {
    signInForTest({ user: asha });
    await startSession(); // listening
    const tab = otherTab();

    tab.post('signed-out');

    await vi.waitFor(() => expect(accessToken()).toBeNull());
    expect(useSession.getState()).toMatchObject({ isAuthenticated: false, role: null });
    expect(JSON.parse(localStorage.getItem('root') ?? '{}').state.isAuthenticated).toBe(false);
  });

  it('signs a signed-out tab in when another tab signs in', async () => {
    await startSession();
    const tab = otherTab();

    tab.post({
      accessToken: 'opened',
      expiresAt: Date.now() + 3600_000,
      role: 'learner',
      user: asha,
    });

    await vi.waitFor(() => expect(accessToken()).toBe('opened'));
    expect(useSession.getState()).toMatchObject({ status: 'signed-in', user: asha });
    stopSession();
  });
});
