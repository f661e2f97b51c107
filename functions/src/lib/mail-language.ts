/*
 * The language a learner's e-mail is written in, and how a Cognito call passes it to the
 * custom-message trigger: apart from the e-mails' texts (./mail-texts.ts), so a function that only
 * names the language (profile, lib/cognito.ts) does not bundle the texts of every language.
 */
import { isUiLanguage, type UiLanguage } from '@gia/shared/languages.ts';

/**
 * The language a learner's e-mail is written in: the one saved in their profile, else the one the
 * request came with (the app's language at the time), else English. Anything the product does
 * not speak counts as not given.
 */
export function mailLanguage(saved: unknown, asked?: unknown): UiLanguage {
  if (isUiLanguage(saved)) return saved;
  if (isUiLanguage(asked)) return asked;
  return 'en';
}

/**
 * What a Cognito call that e-mails a code (ForgotPassword, UpdateUserAttributes) passes its
 * custom-message trigger (functions/src/auth-triggers/handler.ts): the language to write in.
 */
export const mailClientMetadata = (language?: UiLanguage): Record<string, string> | undefined =>
  language ? { language } : undefined;

/** The language a custom-message trigger writes in: the call's, else English. */
export const languageOfClientMetadata = (metadata?: Record<string, string>): UiLanguage =>
  mailLanguage(undefined, metadata?.language);
