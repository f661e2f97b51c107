/*
 * The interface's languages (issue 33): English, ಕನ್ನಡ and हिन्दी through Lingui. Messages are
 * looked up by id (`t('cart.empty')`, `<Trans id="…" />`) in the catalogues of src/locales
 * (web/lingui.config.ts), each cut into parts by screen (src/locales/parts.ts,
 * web/build/catalogue-parts.ts): the English shell (header, footer, language choice, landing,
 * course lists) is compiled into the main chunk, so an English landing never waits and carries no
 * other screen's words; every other part, and the shell in Kannada or Hindi, is a chunk of its
 * own, loaded before the screen that needs it renders (`withMessages` in a route's lazy loader).
 * Numbers, money and dates go through `Intl` in the language's Indian locale (₹1,00,000).
 */
import { i18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { create } from 'zustand';
import { loadPart, SOURCE_LOCALE, sourceShell } from 'virtual:catalogue-parts';
import { LOCALES, type UiLanguage } from '@gia/shared/languages.ts';
import { SHELL_PART, type CataloguePart } from '../locales/parts.ts';
import { CHOSEN_ATTRIBUTE, LANGUAGE_KEY, openingLanguage } from './language-choice.ts';
import { afterHydration } from './hydration.ts';

export { i18n };

i18n.load(SOURCE_LOCALE, sourceShell);
i18n.activate(SOURCE_LOCALE);

interface LanguageState {
  /** The language the interface speaks now (the parts it needs loaded in it). */
  language: UiLanguage;
  /** Whether the learner has chosen one (else the page offers the choice). */
  chosen: boolean;
}

export const useLanguage = create<LanguageState>(() => ({ language: 'en', chosen: false }));

/** The parts the page has needed so far: the shell, then each screen's as its code loads. */
const needed = new Set<CataloguePart>([SHELL_PART]);
/** Parts loading or loaded, by `language/part`; a failed load is forgotten, to be tried again. */
const loading = new Map<string, Promise<void>>();
/** Parts loaded, by `language/part`. */
const loaded = new Set<string>([`${SOURCE_LOCALE}/${SHELL_PART}`]);
/** The source language's messages loaded so far (src/lib/server-text.ts reads them). */
const source: Messages = { ...sourceShell };

/**
 * Parts read in the source language too when the interface speaks another: a success answer's
 * message has no code, and server-text.ts finds it by the server's English.
 */
const READ_IN_THE_SOURCE_TOO = new Set<CataloguePart>(['server']);

function loadOne(language: string, part: CataloguePart): Promise<void> {
  const key = `${language}/${part}`;
  let pending = loading.get(key);
  if (!pending) {
    pending = loadPart(language, part).then((messages) => {
      i18n.load(language, messages);
      if (language === SOURCE_LOCALE) Object.assign(source, messages);
      loaded.add(key);
    });
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

/** Loads every needed part in `language`, those a screen comes to need meanwhile included. */
async function loadNeeded(language: UiLanguage): Promise<void> {
  for (;;) {
    const missing = [...needed].flatMap((part) => [
      ...(loaded.has(`${language}/${part}`) ? [] : [loadOne(language, part)]),
      ...(language !== SOURCE_LOCALE &&
      READ_IN_THE_SOURCE_TOO.has(part) &&
      !loaded.has(`${SOURCE_LOCALE}/${part}`)
        ? [loadOne(SOURCE_LOCALE, part)]
        : []),
    ]);
    if (!missing.length) return;
    await Promise.all(missing);
  }
}

/**
 * Loads `language`'s needed parts and makes it the one the interface speaks. `settled`: what must
 * be over first (a prerendered page still hydrating in English, src/lib/hydration.ts).
 */
async function activate(language: UiLanguage, settled?: () => Promise<void>): Promise<void> {
  await loadNeeded(language);
  await settled?.();
  i18n.activate(language, [LOCALES[language]]);
  document.documentElement.lang = language;
  useLanguage.setState({ language });
}

/**
 * Loads `parts` in the language the interface speaks (and in any it comes to speak), resolving
 * once they are in it: a screen awaits its parts before it renders, so it never shows an id, nor
 * English in place of a Kannada text. A part that cannot arrive (offline, never kept) turns the
 * interface to English (its screens' parts are in the precache) rather than show a mix; the
 * learner's choice stays for the next visit.
 */
export async function needMessages(...parts: CataloguePart[]): Promise<void> {
  for (const part of parts) needed.add(part);
  for (;;) {
    const language = useLanguage.getState().language;
    try {
      await loadNeeded(language);
    } catch (err) {
      if (language === SOURCE_LOCALE) throw err;
      await activate('en');
    }
    // The language changed while the parts came: the new one must have them too.
    if (useLanguage.getState().language === language) return;
  }
}

/**
 * A lazy loader (a route's `() => import(…)`) that also loads the catalogue parts its screens
 * use, both at once, resolving when both are in.
 */
export function withMessages<T>(
  parts: readonly CataloguePart[],
  load: () => Promise<T>,
): () => Promise<T> {
  return async () => (await Promise.all([load(), needMessages(...parts)]))[0];
}

/** The source language's (English) messages loaded so far, compiled. */
export const sourceMessages = (): Readonly<Messages> => source;

/**
 * The language this page opens in (web/src/main.tsx, before the first render): the URL's `lang`,
 * else the device's choice, else English with the choice still to make. Its catalogue is loaded
 * before the app renders, so the first render already speaks it.
 */
export async function openLanguage(): Promise<UiLanguage> {
  const opening = openingLanguage(localStorage, location.search);
  const language = opening ?? 'en';
  try {
    await activate(language);
  } catch {
    // The catalogue did not arrive (offline, not yet kept): English, and the choice stays.
    await activate('en');
    useLanguage.setState({ chosen: opening !== undefined });
    return 'en';
  }
  useLanguage.setState({ chosen: opening !== undefined });
  return language;
}

/** Listeners told of a language the learner chose (the profile keeps it, signed in). */
const chosenListeners = new Set<(language: UiLanguage) => void>();
export function onLanguageChosen(listener: (language: UiLanguage) => void): () => void {
  chosenListeners.add(listener);
  return () => chosenListeners.delete(listener);
}

/**
 * The learner's choice: the interface speaks `language` from now on, on this device (and, through
 * `onLanguageChosen`, in the signed-in learner's profile). `tell`: false when the choice comes
 * from the profile itself.
 */
export async function chooseLanguage(language: UiLanguage, tell = true): Promise<void> {
  // Chosen while the page hydrates (a tap on the first-visit bar, a profile read as the session
  // comes back): it speaks the language once the page is wholly the app's.
  await activate(language, afterHydration);
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode: this visit still speaks it.
  }
  document.documentElement.dataset[CHOSEN_ATTRIBUTE] = '';
  useLanguage.setState({ chosen: true });
  if (tell) for (const listener of chosenListeners) listener(language);
}

/** The current language's `Intl` locale (`en-IN`, `kn-IN`, `hi-IN`). */
export const currentLocale = () => LOCALES[useLanguage.getState().language];

/** A message of the catalogue by id, in the interface's language, outside React. */
export const t = (id: string, values?: Record<string, unknown>): string =>
  i18n._(id, values as MessageDescriptor['values']);

/**
 * `t` for a component: it renders again when the learner changes the language. (A hook of ours,
 * not Lingui's `useLingui`, so a component needs no provider around it, in tests either.)
 */
export function useT(): typeof t {
  useLanguage((s) => s.language);
  return t;
}
