import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './api-call.ts';
import { chooseLanguage, onLanguageChosen, openLanguage, t, useLanguage } from './i18n.ts';

const ok = () =>
  new Response(JSON.stringify({ message: 'ok', data: [] }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

afterEach(async () => {
  await chooseLanguage('en', false);
  useLanguage.setState({ chosen: false });
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('the interface’s language (issue 33)', () => {
  it('opens in English, with the choice still to make, on a first visit', async () => {
    expect(await openLanguage()).toBe('en');
    expect(useLanguage.getState()).toMatchObject({ language: 'en', chosen: false });
    expect(t('nav.home')).toBe('Home');
  });

  it('opens in the language a shared link asks for, and keeps it on the device', async () => {
    window.history.replaceState(null, '', '/GetBoard?lang=kn');
    expect(await openLanguage()).toBe('kn');
    expect(t('nav.home')).toBe('ಮುಖಪುಟ');
    expect(document.documentElement.lang).toBe('kn');
    expect(localStorage.getItem('gia-language')).toBe('kn');
    expect(useLanguage.getState().chosen).toBe(true);
  });

  it('speaks a chosen language at once, in plurals too, and tells the profile', async () => {
    const told = vi.fn();
    const stop = onLanguageChosen(told);
    await chooseLanguage('hi');
    stop();
    expect(t('nav.cartWithCount', { count: 2 })).toBe('कार्ट, 2 आइटम');
    expect(document.documentElement.lang).toBe('hi');
    expect(told).toHaveBeenCalledWith('hi');
    await chooseLanguage('kn');
    expect(t('nav.cartWithCount', { count: 1 })).toBe('ಕಾರ್ಟ್, 1 ಐಟಂ');
  });

  it('asks a learner’s reads in the language, never the back office’s or a write', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => ok());
    vi.stubGlobal('fetch', fetchMock);
    await chooseLanguage('kn');

    await call('catalogue.getSubjects', { query: { class_id: 'c1' } });
    await call('admin.catalogue.getSubjects');
    await call('favourites.insert', { body: { subject_id: 's1' } }).catch(() => undefined);
    const urls = fetchMock.mock.calls.map((c) => String(c[0]));
    expect(urls[0]).toBe('/api/v1/classuser/data/getSubjects?class_id=c1&lang=kn');
    expect(urls[1]).not.toContain('lang=');
    expect(urls[2]).not.toContain('lang=');

    await chooseLanguage('en');
    await call('catalogue.getSubjects', { query: { class_id: 'c1' } });
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe(
      '/api/v1/classuser/data/getSubjects?class_id=c1',
    );
  });
});
