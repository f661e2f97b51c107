import { describe, expect, it } from 'vitest';
import { UI_LANGUAGES, type UiLanguage } from '@gia/shared/languages.ts';
import {
  cognitoHtml,
  MAIL_TEXTS,
  MAIL_VALUES,
  mailLanguage,
  mailText,
  type MailKind,
} from './mail-texts.ts';

const KINDS = Object.keys(MAIL_VALUES) as MailKind[];

/** The letters each language is written in (Unicode blocks); "GIA School" stays Latin in all. */
const LETTERS: Record<UiLanguage, RegExp> = {
  en: /^[A-Za-z]$/u,
  kn: /^[\u0C80-\u0CFF]$/u,
  hi: /^[\u0900-\u097F]$/u,
};

const valuesIn = (words: string) => [...words.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The letters of a text that are not its language's, once the product's name and values are out. */
const foreignLetters = (words: string, language: UiLanguage) =>
  [...words.replaceAll('GIA School', '').replace(/\{\w+\}/g, '')]
    .filter((c) => /\p{L}/u.test(c))
    .filter((c) => !LETTERS[language].test(c));

describe('the e-mails in every language', () => {
  for (const language of UI_LANGUAGES) {
    for (const kind of KINDS) {
      const { subject, text } = MAIL_TEXTS[language][kind];

      it(`writes ${kind} in ${language} in its own script, "GIA School" apart`, () => {
        expect(foreignLetters(subject, language)).toEqual([]);
        expect(foreignLetters(text, language)).toEqual([]);
        expect(`${subject} ${text}`).toContain('GIA School');
      });

      it(`gives ${kind} in ${language} the code and exactly the values of the English`, () => {
        expect(text).toContain('{code}');
        const english = MAIL_TEXTS.en[kind];
        expect(valuesIn(`${subject}\n${text}`)).toEqual(
          valuesIn(`${english.subject}\n${english.text}`),
        );
        expect(valuesIn(text).filter((v, i, all) => all.indexOf(v) === i)).toEqual(
          [...MAIL_VALUES[kind]].sort(),
        );
      });

      it(`keeps ${kind} in ${language} safe to send as HTML and short enough for a subject line`, () => {
        expect(`${subject}${text}`).not.toMatch(/[<>&]/);
        expect(subject.length).toBeLessThanOrEqual(100);
        expect(subject).not.toContain('\n');
      });
    }
  }
});

describe('mailLanguage', () => {
  it('writes in the language the learner saved in their profile, whatever the request asked', () => {
    expect(mailLanguage('kn', 'hi')).toBe('kn');
    expect(mailLanguage('hi', undefined)).toBe('hi');
  });

  it('writes in the request’s language when the profile has none', () => {
    expect(mailLanguage(undefined, 'hi')).toBe('hi');
    expect(mailLanguage(null, 'kn')).toBe('kn');
  });

  it('writes in English without a language, or with one the product does not speak', () => {
    expect(mailLanguage(undefined, undefined)).toBe('en');
    expect(mailLanguage('ta', 'fr')).toBe('en');
    expect(mailLanguage('', 42)).toBe('en');
  });
});

describe('mailText', () => {
  it('fills the code and the minutes into the subject and the body, digits as given', () => {
    const mail = mailText('signInCode', 'kn', { code: '012345', minutes: 10 });
    expect(mail.subject).toBe('ನಿಮ್ಮ GIA School ಸೈನ್ ಇನ್ ಕೋಡ್: 012345');
    expect(mail.text).toContain('012345');
    expect(mail.text).toContain('10 ನಿಮಿಷಗಳವರೆಗೆ');
    expect(`${mail.subject}${mail.text}`).not.toMatch(/\{\w+\}/);
  });

  it('writes the same e-mail in each language differently', () => {
    const texts = UI_LANGUAGES.map((l) => mailText('passwordReset', l, { code: '{####}' }).text);
    expect(new Set(texts).size).toBe(UI_LANGUAGES.length);
    for (const text of texts) expect(text).toContain('{####}');
  });
});

describe('cognitoHtml', () => {
  it('keeps the paragraphs apart with line breaks', () => {
    expect(cognitoHtml('one\n\ntwo')).toBe('one<br><br>two');
  });
});
