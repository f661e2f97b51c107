/*
 * The interface's languages (issue 33): English, ಕನ್ನಡ and हिन्दी through Lingui. Messages are
 * looked up by id (`t('cart.empty')`, `<Trans id="…" />`) in the catalogues of src/locales
 * (web/lingui.config.ts). English is compiled into the main chunk, so an English page never waits;
 * Kannada and Hindi are a chunk each, fetched only by the learner who reads them (and kept by the
 * service worker like any chunk). Numbers, money and dates go through `Intl` in the language's
 * Indian locale (₹1,00,000).
 */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { create } from 'zustand';
import { LOCALES, type UiLanguage } from '@gia/shared/languages.ts';
import { messages as english } from '../locales/en.json?lingui';
import { CHOSEN_ATTRIBUTE, LANGUAGE_KEY, openingLanguage } from './language-choice.ts';

export { i18n };

i18n.load('en', english);
i18n.activate('en');

const catalogues: Record<Exclude<UiLanguage, 'en'>, () => Promise<{ messages: typeof english }>> = {
  kn: () => import('../locales/kn.json?lingui'),
  hi: () => import('../locales/hi.json?lingui'),
};

interface LanguageState {
  /** The language the interface speaks now (its catalogue loaded). */
  language: UiLanguage;
  /** Whether the learner has chosen one (else the page offers the choice). */
  chosen: boolean;
}

export const useLanguage = create<LanguageState>(() => ({ language: 'en', chosen: false }));

const loaded = new Set<UiLanguage>(['en']);

/** Loads `language`'s catalogue (once) and makes it the one the interface speaks. */
async function activate(language: UiLanguage): Promise<void> {
  if (language !== 'en' && !loaded.has(language)) {
    i18n.load(language, (await catalogues[language]()).messages);
    loaded.add(language);
  }
  i18n.activate(language, [LOCALES[language]]);
  document.documentElement.lang = language;
}

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
    useLanguage.setState({ language: 'en', chosen: opening !== undefined });
    return 'en';
  }
  useLanguage.setState({ language, chosen: opening !== undefined });
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
  await activate(language);
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode: this visit still speaks it.
  }
  document.documentElement.dataset[CHOSEN_ATTRIBUTE] = '';
  useLanguage.setState({ language, chosen: true });
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
