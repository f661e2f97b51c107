import {
  compileMessageOrThrow,
  type CompiledMessage,
  type CompiledMessageToken,
} from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LEARNER_MESSAGE_CODES } from '@gia/shared/message-catalogues.ts';
import en from './en.json';
import hi from './hi.json';
import kn from './kn.json';
import { CATALOGUE_PART_NAMES, CATALOGUE_PARTS, entryHolds, partOf } from './parts.ts';

/*
 * The interface's catalogues stay complete (issue 33): every message of the English catalogue is
 * in Kannada and in Hindi, with the same placeholders, valid ICU, and actually translated (a value
 * left in English is a gap, but for the few words that are the same in every language, listed).
 */
const CATALOGUES: Record<'en' | 'kn' | 'hi', Record<string, string>> = { en, kn, hi };
const english = CATALOGUES.en;

/** The placeholders of a message: its arguments, and a plural's categories beside `other`. */
function placeholders(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message as CompiledMessageToken[]) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    into.add(type ? `${name}:${type}` : name);
    if (format && typeof format === 'object') {
      for (const [choice, branch] of Object.entries(format)) {
        if (choice === 'offset' || !Array.isArray(branch)) continue;
        placeholders(branch as CompiledMessage, into);
      }
    }
  }
  return into;
}

/** Texts that read the same in every language (names, symbols), by id. */
const SAME_IN_EVERY_LANGUAGE = new Set<string>([]);

/** Markup tags (`<0>…</0>`) a message wraps its parts in. */
const tags = (text: string) => [...text.matchAll(/<\/?(\d+)\/?>/g)].map((m) => m[0]).sort();

const SCRIPT = { kn: /[\u0C80-\u0CFF]/u, hi: /[\u0900-\u097F]/u };

describe('the interface catalogues', () => {
  it('are valid ICU messages in English', () => {
    for (const [id, text] of Object.entries(english)) {
      expect(() => compileMessageOrThrow(text), id).not.toThrow();
    }
  });

  for (const language of ['kn', 'hi'] as const) {
    describe(language, () => {
      const translated = CATALOGUES[language];

      it('has every message of the English catalogue, and no other', () => {
        expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
      });

      it('keeps each message’s placeholders and markup', () => {
        for (const [id, text] of Object.entries(english)) {
          const mine = translated[id] ?? '';
          expect(placeholders(compileMessageOrThrow(mine)), `${language} ${id}`).toEqual(
            placeholders(compileMessageOrThrow(text)),
          );
          expect(tags(mine), `${language} ${id}`).toEqual(tags(text));
        }
      });

      it('is written in its own script', () => {
        const untranslated = Object.entries(translated)
          .filter(([id]) => !SAME_IN_EVERY_LANGUAGE.has(id))
          .filter(([, text]) => !SCRIPT[language].test(text))
          .map(([id]) => id);
        expect(untranslated).toEqual([]);
      });
    });
  }

  describe('in parts (parts.ts: what each screen loads)', () => {
    const entries = CATALOGUE_PART_NAMES.flatMap((part) =>
      CATALOGUE_PARTS[part].map((entry) => ({ entry, part })),
    );

    it('put every id in exactly one part', () => {
      expect(Object.keys(english).filter((id) => partOf(id) === undefined)).toEqual([]);
      // An id held by two entries goes to the longer; the same entry twice would be ambiguous.
      const written = entries.map(({ entry }) => entry);
      expect(written.filter((entry, i) => written.indexOf(entry) !== i)).toEqual([]);
    });

    it('name no area or id the catalogue lacks', () => {
      const ids = Object.keys(english);
      const stale = entries.filter(({ entry }) => !ids.some((id) => entryHolds(entry, id)));
      expect(stale).toEqual([]);
    });
    // Kannada and Hindi hold the same ids as English (above), so the same parts.
  });

  describe('the server’s messages (server.<message_code>)', () => {
    const codes = Object.entries(LEARNER_MESSAGE_CODES);

    it('cover every learner-facing code in every language, with its parameters', () => {
      expect(codes.length).toBeGreaterThan(0);
      for (const [language, catalogue] of Object.entries(CATALOGUES)) {
        const missing = codes.filter(([code]) => !(`server.${code}` in catalogue));
        expect(
          missing.map(([code]) => code),
          language,
        ).toEqual([]);
        for (const [code, { params }] of codes) {
          const written = placeholders(compileMessageOrThrow(catalogue[`server.${code}`]!));
          expect([...written].sort(), `${language} ${code}`).toEqual([...params].sort());
        }
      }
    });

    it('keep the server’s English in the English catalogue', () => {
      for (const [code, { text }] of codes) {
        const compiled = compileMessageOrThrow(english[`server.${code}`]!);
        const written = (compiled as CompiledMessageToken[])
          .map((token) => (typeof token === 'string' ? token : `{${token[0]}}`))
          .join('');
        expect(written, code).toBe(text);
      }
    });
  });
});
