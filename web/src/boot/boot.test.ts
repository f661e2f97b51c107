import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '../lib/api-paths.ts';
import { BOOT_NAMES, type BootConfig, type BootRequests } from '../lib/boot-contract.ts';

/** The settings web/vite.config.ts writes into the built script. */
const config: BootConfig = {
  ...BOOT_NAMES,
  refreshPath: apiPath('learner.login.refresh'),
  lessonPath: apiPath('catalogue.getLesson'),
  csrf: ['x-requested-with', 'XMLHttpRequest'],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const HLS = '/media/private/hls/abc/master.m3u8';

/** The server: the refresh gives a token, the lesson a video. */
function server(refresh = () => json(200, { accessToken: 'boot-token', expires_in: 3600 })) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
    url === config.refreshPath
      ? refresh()
      : json(200, { message: 'Lesson', data: { video: { hls_url: HLS } } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Opens `url` with the persisted hint, and runs the boot script as index.html does. */
async function boot(url: string, hint: object | null) {
  window.history.replaceState(null, '', url);
  if (hint) localStorage.setItem('root', JSON.stringify({ state: hint, version: 0 }));
  vi.stubGlobal('__GIA_BOOT__', config);
  vi.resetModules();
  // @ts-expect-error -- a script, not a module: it runs for its effect, as in the page
  await import('./boot.ts');
  return (window as unknown as Record<string, BootRequests | undefined>).__giaBoot;
}

const learner = { isAuthenticated: true, role: 'learner' };

beforeEach(() => {
  delete (window as { __giaBoot?: unknown }).__giaBoot;
  document.head.querySelectorAll('link[rel=preload]').forEach((l) => l.remove());
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { locks?: unknown }).locks;
  window.history.replaceState(null, '', '/');
});

describe('the boot script on a lesson link', () => {
  it('refreshes the learner’s session, then reads the lesson with that token, and leaves both for the app', async () => {
    const fetchMock = server();

    const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);
    const lesson = await left!.lesson;

    expect(left!.topic).toBe('t1');
    const [refreshUrl, refreshInit] = fetchMock.mock.calls[0]!;
    expect(refreshUrl).toBe(config.refreshPath);
    expect(refreshInit).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(refreshInit?.body).toBeUndefined();
    const [lessonUrl, lessonInit] = fetchMock.mock.calls[1]!;
    expect(lessonUrl).toBe(`${config.lessonPath}?topic_id=t1`);
    expect(lessonInit?.headers).toMatchObject({ authorization: 'Bearer boot-token' });
    // The app reads both answers itself: their bodies are still unread.
    expect((await (await left!.refresh!).json()).accessToken).toBe('boot-token');
    expect(lesson?.bodyUsed).toBe(false);
    expect(JSON.stringify({ ...localStorage })).not.toContain('boot-token');
  });

  it('preloads the master playlist as soon as the lesson answers', async () => {
    server();
    const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);
    await left!.lesson;

    await vi.waitFor(() => {
      const link = document.head.querySelector<HTMLLinkElement>('link[rel=preload]');
      expect(link?.getAttribute('href')).toBe(HLS);
      expect(link?.getAttribute('as')).toBe('fetch');
      expect(link?.getAttribute('crossorigin')).toBe('anonymous');
    });
  });

  it('takes the session’s Web Lock around the refresh, as every tab’s refresh does', async () => {
    server();
    const request = vi.fn((_name: string, work: () => Promise<unknown>) => work());
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });

    const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);
    await left!.lesson;

    expect(request).toHaveBeenCalledWith('gia-session', expect.any(Function));
  });

  it('reads no lesson when the session could not be refreshed', async () => {
    const fetchMock = server(() => json(401, { message: 'expired', code: 'UNAUTHENTICATED' }));

    const left = await boot('/GetTopic?chapter=ch1&topic=t1', learner);

    expect(await left!.lesson).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a signed-out visitor, another page, or a lesson link without a topic', async () => {
    const fetchMock = server();

    expect(await boot('/GetTopic?chapter=ch1&topic=t1', null)).toBeUndefined();
    expect(
      await boot('/GetTopic?chapter=ch1&topic=t1', { isAuthenticated: true, role: 'admin' }),
    ).toBeUndefined();
    expect(await boot('/AllCourse?topic=t1', learner)).toBeUndefined();
    expect(await boot('/GetTopic?chapter=ch1', learner)).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the boot script on any page', () => {
  afterEach(() => {
    delete document.documentElement.dataset.account;
    localStorage.clear();
  });

  it('marks <html data-account> with the hint’s role before the page paints, for its header', async () => {
    server();

    await boot('/GetBoard', learner);
    expect(document.documentElement.dataset.account).toBe('learner');

    delete document.documentElement.dataset.account;
    localStorage.clear();
    await boot('/', { isAuthenticated: false, role: null });
    expect(document.documentElement.dataset.account).toBeUndefined();
  });
});
