import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as CatalogueParts from 'virtual:catalogue-parts';
import type * as I18n from './i18n.ts';
import hi from '../locales/hi.json';
import kn from '../locales/kn.json';

/*
 * The catalogues in parts (issue 33, src/locales/parts.ts): a page loads the shell, and each
 * screen's parts before the screen renders, in whatever language the interface speaks. Each test
 * takes a fresh i18n module (the test setup needs every part of the shared one), its part loader
 * watched.
 */
type I18nModule = typeof I18n;

let requested: string[] = [];
/** Parts whose chunk arrived, in order (each a little after the screen's code). */
let arrived: string[] = [];
let failing = new Set<string>();
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freshI18n(): Promise<I18nModule> {
  vi.resetModules();
  vi.doMock('virtual:catalogue-parts', async (original) => {
    const parts = await original<typeof CatalogueParts>();
    return {
      ...parts,
      loadPart: (locale: string, part: string) => {
        requested.push(`${locale}/${part}`);
        if (failing.has(`${locale}/${part}`)) return Promise.reject(new TypeError('offline'));
        return parts.loadPart(locale, part).then(async (messages) => {
          await later(20);
          arrived.push(`${locale}/${part}`);
          return messages;
        });
      },
    };
  });
  return import('./i18n.ts');
}

beforeEach(() => {
  requested = [];
  arrived = [];
  failing = new Set();
});

afterEach(() => {
  vi.doUnmock('virtual:catalogue-parts');
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the catalogue parts of a page (issue 33)', () => {
  it('opens a Kannada page with the shell only, and a screen’s part before its code resolves', async () => {
    const { chooseLanguage, t, withMessages } = await freshI18n();
    await chooseLanguage('kn', false);
    expect(requested).toEqual(['kn/shell']);

    const load = withMessages(['auth'], async () => {
      await later(5);
      return 'the sign-in page';
    });
    await expect(load()).resolves.toBe('the sign-in page');
    expect(requested).toEqual(['kn/shell', 'kn/auth']);
    expect(arrived).toEqual(['kn/shell', 'kn/auth']);
    expect(t('auth.signIn')).toBe(kn['auth.signIn']);
  });

  it('loads every part a shown screen needed in a language chosen later, and no other', async () => {
    const { chooseLanguage, t, withMessages, useLanguage } = await freshI18n();
    await withMessages(['learning'], async () => 'the lesson')();
    // English: the shell is in the main chunk; the lesson's part came with its code.
    expect(requested).toEqual(['en/learning']);

    await chooseLanguage('hi', false);
    expect(requested.sort()).toEqual(['en/learning', 'hi/learning', 'hi/shell']);
    expect(useLanguage.getState().language).toBe('hi');
    expect(arrived.sort()).toEqual(['en/learning', 'hi/learning', 'hi/shell']);
    expect(t('lesson.backToCourse')).toBe(hi['lesson.backToCourse']);
    expect(t('nav.home')).toBe(hi['nav.home']);
  });

  it('shows a screen in English, never a mix, when its Kannada part cannot arrive', async () => {
    const { chooseLanguage, withMessages, useLanguage } = await freshI18n();
    await chooseLanguage('kn', false);
    failing.add('kn/account');
    await withMessages(['account'], async () => 'the profile')();
    expect(useLanguage.getState().language).toBe('en');
    expect(requested).toContain('en/account');
    expect(document.documentElement.lang).toBe('en');
  });

  it('hands over a Kannada learner’s error answer with the server’s messages loaded', async () => {
    vi.resetModules();
    const { chooseLanguage } = await freshI18n();
    const { api, apiErrorText, ApiError } = await import('./api-client.ts');
    await chooseLanguage('kn', false);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              message: 'Already in your cart.',
              code: 'CONFLICT',
              message_code: 'learner.cart_duplicate',
            }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    const err = await api('POST', '/api/v1/cart').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(apiErrorText(err as InstanceType<typeof ApiError>)).toBe(
      kn['server.learner.cart_duplicate'],
    );
    // The English part too: a success answer's text has no code, and is found by its English.
    expect(requested).toEqual(expect.arrayContaining(['kn/server', 'en/server']));
  });

  it('sends no server messages to an English page', async () => {
    await freshI18n();
    const { api } = await import('./api-client.ts');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'ok' }), { status: 200 })),
    );
    await api('GET', '/api/v1/boards');
    expect(requested).toEqual([]);
  });
});
