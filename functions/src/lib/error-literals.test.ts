import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMessageCode } from '@gia/shared/message-catalogues.ts';

/*
 * Every English text that can reach a person as an error has a code (issue 33): it is declared in
 * a catalogue of shared/src and found there by its text. This test reads the sources of the
 * server and of the shared schemas and fails on an error text written in place, outside every
 * catalogue: it would answer `<kind>.generic`, and the SPA could not show it in the learner's
 * language.
 */

const ROOT = join(import.meta.dirname, '../../..');
const SOURCES = ['functions/src', 'shared/src'];

/**
 * Files whose sentences are not API messages: the offline texts the SPA's service worker shows
 * itself, and the instructions sent to the AI model.
 */
const NOT_ANSWERS = new Set([
  'shared/src/downloads-messages.ts',
  'functions/src/ai/prompt.ts',
  'functions/src/ai/drafts.ts',
]);

const sourceFiles = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

/** A string literal: quoted, or a template literal whose `${…}` holds no backtick. */
const LITERAL = String.raw`('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|\`(?:\\.|\$\{[^}]*\}|[^\`\\])*\`)`;

/** Where a literal becomes an error's message. */
const ERROR_PLACES = [
  // new ConflictError('…'), new AppError('BAD_GATEWAY', '…')
  new RegExp(
    String.raw`new (?:Validation|Unauthenticated|Forbidden|NotFound|Conflict|RateLimited|Unavailable)Error\(\s*${LITERAL}`,
    'g',
  ),
  new RegExp(String.raw`new AppError\(\s*'[A-Z_]+',\s*${LITERAL}`, 'g'),
  // zod: z.string({ error: '…' }), z.minLength(1, '…'); a detail: { field, message: '…' }
  new RegExp(String.raw`\b(?:error|message):\s*${LITERAL}`, 'g'),
  new RegExp(String.raw`\bz\.\w+\([^()]*,\s*${LITERAL}\s*\)`, 'g'),
  // A schema helper's message: text(`${label} is required!`), requiredId('…')
  new RegExp(
    String.raw`\b(?:text|required|requiredId|optionalId|email|languageOf)\(\s*${LITERAL}`,
    'g',
  ),
  // A parameter's default: (invalid = 'Invalid id.') =>
  new RegExp(String.raw`[(,]\s*\w+(?::\s*\w+)?\s*=\s*${LITERAL}\s*[,)]`, 'g'),
  // A sentence kept in a constant for later: const message = 'This … exists.'
  new RegExp(String.raw`\bconst \w+\s*=\s*${LITERAL}`, 'g'),
];

/** A literal's text, each `${…}` standing for a value (a number fits every shape). */
const textOf = (literal: string) =>
  literal
    .slice(1, -1)
    .replace(/\$\{[^}]*\}/g, '10')
    .replace(/\\(.)/g, '$1');

/** Texts that read as a sentence for a person (not a key, a prefix or a header value). */
const isSentence = (text: string) => /^[A-Za-z0-9].*[.!?]$/s.test(text) && /\s/.test(text);

/** Each error text written in place in the sources: file, line and text. */
const errorLiterals = () =>
  SOURCES.flatMap(sourceFiles)
    .filter((file) => !NOT_ANSWERS.has(file))
    .flatMap((file) => {
      const source = readFileSync(join(ROOT, file), 'utf8');
      return ERROR_PLACES.flatMap((place) =>
        [...source.matchAll(place)].map((m) => ({
          at: `${relative(ROOT, join(ROOT, file))}:${source.slice(0, m.index).split('\n').length}`,
          text: textOf(m[1]!),
        })),
      ).filter(({ text }) => isSentence(text));
    });

describe('error texts in the sources', () => {
  it('finds the error texts of the sources (the scan sees what it looks for)', () => {
    // Texts the sources are known to hold, in each kind of place the scan looks at.
    const found = errorLiterals().map(({ at, text }) => `${at.replace(/:\d+$/, '')}  ${text}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'shared/src/selling.ts  10 is required.', // zod `error:` with a template
        'shared/src/handoff.ts  At most 20000 characters.', // zod `error:` with a text
        'shared/src/video.ts  url is required.', // z.minLength(1, '…')
      ]),
    );
  });

  it('has a catalogue code for every error text written in the server or the shared schemas', () => {
    const uncoded = errorLiterals()
      .filter(({ text }) => !findMessageCode(text))
      .map(({ at, text }) => `${at}  ${text}`);
    expect(uncoded).toEqual([]);
  });

  it('writes no catalogue text again in place: only the shapes of the validation sentences', () => {
    // A function knows the codes of the catalogues it loads (message-codes.ts): a copy of another
    // catalogue's text would answer a generic code there. The validation shapes ("topic_id is
    // required.") are known wherever a request is parsed.
    const copied = errorLiterals()
      .filter(({ text }) => !findMessageCode(text)?.message_code.startsWith('validation.'))
      .map(({ at, text }) => `${at}  ${text}`);
    expect(copied).toEqual([]);
  });
});
