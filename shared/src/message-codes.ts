import type { ErrorCode, MessageCoding } from './errors.ts';
import type { MessageTemplate } from './message-template.ts';

/*
 * The registry of the API's messages and their stable codes (issue 33). A message is declared
 * once, in its catalogue (`LEARNER_MESSAGES.cartDuplicate`), and the catalogue's module registers
 * it here ({@link registerMessages}); its code is derived from the catalogue's prefix and the key
 * (`learner.cart_duplicate`), so a text can be reworded without its code changing and no list of
 * codes is kept by hand. An error answer finds the code of its `message` (and of each `details[]`
 * message) here by the text ({@link describeMessage}).
 *
 * Each catalogue registers itself, rather than this file importing them all, so that a Lambda
 * bundle carries only the catalogues its own code uses (the texts a function can answer are those
 * of the catalogues it imports). `message-catalogues.ts` imports every one, for the full list.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a template of any arguments
type AnyTemplate = MessageTemplate<any>;
type Texts = Readonly<Record<string, string | AnyTemplate>>;

/**
 * The catalogues' prefixes, learner-facing ones first: where two keys hold the same text, the
 * code of the first prefix here is the text's code (same words, same translation), whichever
 * module was loaded first.
 */
const PREFIX_ORDER = [
  'app',
  'validation',
  'learner',
  'learning',
  'payment',
  'coupon',
  'practice',
  'ai_source',
  'handoff',
  'upload',
  'selling',
  'catalogue',
  'refund',
  'video',
  'caption',
  'insights',
] as const;
type Prefix = (typeof PREFIX_ORDER)[number];

/** A well-formed code: dotted, lower case, each part a word of letters, digits and `_`. */
export const MESSAGE_CODE_SHAPE = /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/;

/** `cartDuplicate` → `cart_duplicate`; `sub-subject.notFound` → `sub_subject.not_found`. */
const codePart = (key: string) =>
  key
    .replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
    .replace(/-/g, '_')
    .replace(/\._/g, '.');

/** One message of the registry. */
export interface MessageEntry {
  code: string;
  /** The English; a template's blanks written `{name}` ("{subject} has been removed…"). */
  text: string;
  /** A template's parameter names (the keys of `message_params`); none for a fixed text. */
  params: readonly string[];
  /** Whether a learner can be answered it (anything not only on admin routes). */
  learner: boolean;
}

interface Template {
  code: string;
  rank: number;
  params: readonly string[];
  /** For each capture group, the index of the parameter it holds. */
  order: number[];
  pattern: RegExp;
}

const entries: MessageEntry[] = [];
const codeOfText = new Map<string, { code: string; rank: number }>();
const templates: Template[] = [];

/** Every registered message, in registration order (texts held by two keys included). */
export const MESSAGE_ENTRIES: readonly MessageEntry[] = entries;

/** A template's English with its blanks written `{name}`. */
const withBlanks = (write: AnyTemplate) => write(...write.params.map((name) => `{${name}}`));

/** The pattern that recognises a template's texts, capturing its values. */
function templatePattern(write: AnyTemplate): Pick<Template, 'order' | 'pattern'> {
  // Written with a sentinel in each blank, the template shows where its values go.
  const marked = write(...write.params.map((_, i) => `\uE000${i}\uE000`));
  const order = [...marked.matchAll(/\uE000(\d+)\uE000/g)].map((m) => Number(m[1]));
  const pieces = marked
    .split(/\uE000\d+\uE000/)
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const source = pieces.reduce((sofar, piece, i) => {
    const name = write.params[order[i - 1]!]!;
    return `${sofar}(${write.shapes?.[name] ?? '[\\s\\S]+?'})${piece}`;
  });
  return { order, pattern: new RegExp(`^${source}$`) };
}

/**
 * Registers a catalogue of messages under a code prefix (`'catalogue.parent_missing'`: its first
 * word must be one of {@link PREFIX_ORDER}). `staff` names the keys answered only on admin routes
 * (`true`: all of them); the compiler checks them against the catalogue's keys.
 */
export function registerMessages<T extends object>(
  prefix: Prefix | `${Prefix}.${string}`,
  texts: T,
  staff?: true | readonly (keyof T & string)[],
): void {
  const rank = PREFIX_ORDER.indexOf(prefix.split('.')[0] as Prefix);
  for (const [key, text] of Object.entries(texts as Texts)) {
    const code = `${prefix}.${codePart(key)}`;
    const taken = entries.find((e) => e.code === code);
    // A module loaded twice registers the same texts again; two texts under one code are a clash.
    if (taken && taken.text === (typeof text === 'string' ? text : withBlanks(text))) continue;
    if (taken) throw new Error(`message code ${code} names two texts`);
    const learner = staff !== true && !staff?.includes(key as keyof T & string);
    if (typeof text === 'string') {
      entries.push({ code, text, params: [], learner });
      const held = codeOfText.get(text);
      if (!held || rank < held.rank) codeOfText.set(text, { code, rank });
    } else {
      entries.push({ code, text: withBlanks(text), params: text.params, learner });
      templates.push({ code, rank, params: text.params, ...templatePattern(text) });
      // Earlier catalogues first; within one, the order of its keys (more specific shapes first).
      templates.sort((a, b) => a.rank - b.rank);
    }
  }
}

/** A nested catalogue (`{board: {notFound}}`) as one level of dotted keys (`board.notFound`). */
export const flattenMessages = (nested: Readonly<Record<string, object>>): Texts =>
  Object.fromEntries(
    Object.entries(nested).flatMap(([outer, texts]) =>
      Object.entries(texts as Texts).map(([key, text]) => [`${outer}.${key}`, text]),
    ),
  );

/** The code of a message of no catalogue: its kind's (`VALIDATION_FAILED` → `validation_failed.generic`). */
export const genericMessageCode = (kind: ErrorCode) => `${kind.toLowerCase()}.generic`;

/**
 * The code (and a template's values) of a message's English, or `undefined` for a text that no
 * registered catalogue holds.
 */
export function findMessageCode(text: string): MessageCoding | undefined {
  const held = codeOfText.get(text);
  if (held) return { message_code: held.code };
  for (const t of templates) {
    const match = t.pattern.exec(text);
    if (!match) continue;
    const message_params: Record<string, string> = {};
    t.order.forEach((paramIndex, i) => {
      message_params[t.params[paramIndex]!] = match[i + 1]!;
    });
    return { message_code: t.code, message_params };
  }
  return undefined;
}

/** The code of an error answer's message: its catalogue's, else its kind's generic one. */
export const describeMessage = (text: string, kind: ErrorCode): MessageCoding =>
  findMessageCode(text) ?? { message_code: genericMessageCode(kind) };

/**
 * The codes a learner can be answered among those registered, with their English and, for a
 * template, its parameter names (see `LEARNER_MESSAGE_CODES` in message-catalogues.ts).
 */
export const learnerMessageCodes = (): Record<
  string,
  { text: string; params: readonly string[] }
> =>
  Object.fromEntries(
    entries
      .filter(
        (e) =>
          // A text shared with a staff-only key is answered under its first (learner-facing) code.
          (e.params.length ? true : codeOfText.get(e.text)?.code === e.code) &&
          entries.some((other) => other.learner && other.text === e.text),
      )
      .map((e) => [e.code, { text: e.text, params: e.params }]),
  );
