import { AI_SOURCE_MESSAGES } from './ai-sources.ts';
import {
  CATALOGUE_INPUT_MESSAGES,
  CATALOGUE_MESSAGES,
  PARENT_MISSING,
} from './catalogue-messages.ts';
import type { ErrorCode, MessageCoding } from './errors.ts';
import { HANDOFF_MESSAGES } from './handoff.ts';
import { INSIGHTS_MESSAGES } from './insights-rules.ts';
import { LEARNING_MESSAGES } from './learning-messages.ts';
import type { MessageTemplate } from './message-template.ts';
import { LEARNER_MESSAGES, MESSAGES } from './messages.ts';
import { PAYMENT_MESSAGES, REFUND_MESSAGES } from './payments.ts';
import { PRACTICE_MESSAGES } from './practice-limits.ts';
import { COUPON_MESSAGES, SELLING_MESSAGES } from './selling-rules.ts';
import { UPLOAD_KIND_MESSAGES, UPLOAD_MESSAGES } from './uploads.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';
import { CAPTION_MESSAGES, VIDEO_MESSAGES } from './video.ts';

/*
 * One registry of the API's messages and their stable codes (issue 33). A message is declared
 * once, in its catalogue (`LEARNER_MESSAGES.cartDuplicate`); its code is derived from the
 * catalogue's prefix and the key (`learner.cart_duplicate`), so a text can be reworded without
 * its code changing and no list of codes is kept by hand. An error answer finds the code of its
 * `message` (and of each `details[]` message) here by the text ({@link describeMessage}).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a template of any arguments
type AnyTemplate = MessageTemplate<any>;
type Texts = Readonly<Record<string, string | AnyTemplate>>;

/** A catalogue of messages: its code prefix, and which of its keys only staff ever see. */
interface Catalogue {
  prefix: string;
  texts: Texts;
  /** Keys answered only on admin routes (`true`: all of them); the rest can reach a learner. */
  staff?: true | readonly string[];
}

/** A catalogue whose staff-only keys are checked against its keys by the compiler. */
const catalogue = <T extends Texts>(
  prefix: string,
  texts: T,
  staff?: true | readonly (keyof T & string)[],
): Catalogue => ({ prefix, texts, staff });

/** A nested catalogue (`{board: {notFound}}`) as one level of dotted keys (`board.notFound`). */
const flatten = (nested: Readonly<Record<string, object>>): Texts =>
  Object.fromEntries(
    Object.entries(nested).flatMap(([outer, texts]) =>
      Object.entries(texts as Texts).map(([key, text]) => [`${outer}.${key}`, text]),
    ),
  );

/**
 * Every catalogue of messages, learner-facing ones first: where two keys hold the same text, the
 * first one's code is the text's code (same words, same translation). The back office's own
 * catalogues (`staff: true`) have codes too, but only learner-facing codes need translations.
 */
const CATALOGUES: readonly Catalogue[] = [
  catalogue('app', MESSAGES, [
    'adminsLoaded',
    'adminCreated',
    'adminDeleted',
    'adminSelfDelete',
    'adminNotFound',
    'adminEmailTaken',
    'adminLoginFailedUi',
    'outboxLocalOnly',
  ]),
  catalogue('validation', VALIDATION_MESSAGES),
  catalogue('learner', LEARNER_MESSAGES),
  catalogue('learning', LEARNING_MESSAGES),
  catalogue('payment', PAYMENT_MESSAGES, ['webhookIgnored', 'webhookProcessed', 'notLocal']),
  catalogue('coupon', COUPON_MESSAGES, [
    'loaded',
    'created',
    'updated',
    'deleted',
    'notFound',
    'codeTaken',
    'codeFormat',
    'percentRange',
    'amountRange',
    'dates',
    'kindInvalid',
  ]),
  catalogue('practice', PRACTICE_MESSAGES, [
    'questionCreated',
    'questionUpdated',
    'questionDeleted',
    'bankFull',
    'bankBusy',
    'imported',
    'importFailed',
    'importEmpty',
    'importTooMany',
    'importHeader',
    'drafted',
    'draftNothing',
    'draftNoNotes',
    'aiOff',
    'clockAdvanceInvalid',
    'clockAdvanced',
    'sourcePageInvalid',
    'optionsInvalid',
    'imageUrlTooLong',
    'statusInvalid',
    'positionInvalid',
    'csvTooLarge',
    'draftCountInvalid',
    'answerNumberInvalid',
    'toleranceInvalid',
  ]),
  catalogue('ai_source', AI_SOURCE_MESSAGES, [
    'sourcesLoaded',
    'sourcesUpdated',
    'noNotes',
    'pageMissing',
    'pageInvalid',
    'pagesRequired',
    'pageTooLong',
  ]),
  catalogue('handoff', HANDOFF_MESSAGES, ['draftPublished']),
  catalogue('upload', UPLOAD_MESSAGES, ['mediaUrlInvalid']),
  // Learners upload images only (their profile photo); the other kinds are the back office's.
  catalogue('upload', flatten({ image: UPLOAD_KIND_MESSAGES.image })),
  catalogue('selling', SELLING_MESSAGES, [
    'settingsLoaded',
    'settingsSaved',
    'gstinFormat',
    'gstinState',
    'sacFormat',
    'rateRange',
  ]),
  catalogue('catalogue', CATALOGUE_INPUT_MESSAGES, true),
  catalogue('catalogue', flatten(CATALOGUE_MESSAGES), true),
  catalogue('catalogue.parent_missing', PARENT_MISSING, true),
  catalogue(
    'upload',
    flatten({
      notes: UPLOAD_KIND_MESSAGES.notes,
      video: UPLOAD_KIND_MESSAGES.video,
      captions: UPLOAD_KIND_MESSAGES.captions,
    }),
    true,
  ),
  catalogue('refund', REFUND_MESSAGES, true),
  catalogue('video', VIDEO_MESSAGES, true),
  catalogue('caption', CAPTION_MESSAGES, true),
  catalogue('insights', INSIGHTS_MESSAGES, true),
];

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

/** A template's English with its blanks written `{name}`. */
const withBlanks = (write: AnyTemplate) => write(...write.params.map((name) => `{${name}}`));

/** Every message of every catalogue, in catalogue order (duplicated texts included). */
export const MESSAGE_ENTRIES: readonly MessageEntry[] = CATALOGUES.flatMap(
  ({ prefix, texts, staff }) =>
    Object.entries(texts).map(([key, text]) => ({
      code: `${prefix}.${codePart(key)}`,
      text: typeof text === 'string' ? text : withBlanks(text),
      params: typeof text === 'string' ? [] : text.params,
      learner: staff !== true && !staff?.includes(key),
    })),
);

/** The catalogues' templates, each with the pattern that recognises its texts. */
const TEMPLATES = CATALOGUES.flatMap(({ prefix, texts }) =>
  Object.entries(texts).flatMap(([key, write]) => {
    if (typeof write === 'string') return [];
    // Written with a sentinel in each blank, the template shows where its values go.
    const marked = write(...write.params.map((_, i) => `\uE000${i}\uE000`));
    const source = marked
      .split(/\uE000\d+\uE000/)
      .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('([\\s\\S]+?)');
    const order = [...marked.matchAll(/\uE000(\d+)\uE000/g)].map((m) => Number(m[1]));
    return [
      {
        code: `${prefix}.${codePart(key)}`,
        params: write.params,
        order,
        pattern: new RegExp(`^${source}$`),
      },
    ];
  }),
);

/** The code of each fixed text: the first key that holds it. */
const CODE_OF_TEXT = new Map<string, string>();
for (const entry of MESSAGE_ENTRIES) {
  if (!entry.params.length && !CODE_OF_TEXT.has(entry.text))
    CODE_OF_TEXT.set(entry.text, entry.code);
}

/** The code of a message of no catalogue: its kind's (`VALIDATION_FAILED` → `validation_failed.generic`). */
export const genericMessageCode = (kind: ErrorCode) => `${kind.toLowerCase()}.generic`;

/**
 * The code (and a template's values) of a message's English, or `undefined` for a text that no
 * catalogue holds.
 */
export function findMessageCode(text: string): MessageCoding | undefined {
  const code = CODE_OF_TEXT.get(text);
  if (code) return { message_code: code };
  for (const t of TEMPLATES) {
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
 * The codes a learner can be answered, with their English and, for a template, its parameter
 * names: what the SPA's translations must cover (every code here needs a Kannada and a Hindi
 * text; a template's translation uses the same `{name}` blanks).
 */
export const LEARNER_MESSAGE_CODES: Readonly<
  Record<string, { text: string; params: readonly string[] }>
> = Object.fromEntries(
  MESSAGE_ENTRIES.filter(
    (e) =>
      // A text shared with a staff-only key is answered under its first (learner-facing) code.
      (e.params.length ? true : CODE_OF_TEXT.get(e.text) === e.code) &&
      MESSAGE_ENTRIES.some((other) => other.learner && other.text === e.text),
  ).map((e) => [e.code, { text: e.text, params: e.params }]),
);
