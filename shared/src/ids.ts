import * as z from 'zod/mini';
import { ID_MAX_LENGTH, ID_PATTERN } from './id-shape.ts';
import { preprocess } from './zod.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

export { ID_MAX_LENGTH, ID_PATTERN, isId } from './id-shape.ts';

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A required id: trimmed; missing or blank answers `missing`, a malformed one `invalid`. */
export const requiredId = (missing: string, invalid: string = VALIDATION_MESSAGES.idInvalid) =>
  preprocess(
    trimmed,
    z
      .string({ error: missing })
      .check(
        z.minLength(1, { error: missing }),
        z.maxLength(ID_MAX_LENGTH, { error: invalid }),
        z.regex(ID_PATTERN, { error: invalid }),
      ),
  );

/** An id's text: at most `ID_MAX_LENGTH` of the id letters (at least one), else `invalid`. */
const idText = (invalid: string) =>
  z
    .string({ error: invalid })
    .check(z.maxLength(ID_MAX_LENGTH, { error: invalid }), z.regex(ID_PATTERN, { error: invalid }));

/** Whether a query value means none: missing, `null` or blank. */
const none = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

/** An optional id: missing, `null` or blank mean none (`undefined`). */
export const optionalId = (invalid: string = VALIDATION_MESSAGES.idInvalid) =>
  preprocess((v) => (none(v) ? undefined : trimmed(v)), z.optional(idText(invalid)));

/**
 * An optional list of ids in a query string, comma-separated (`a,b,c`): blank means none; more
 * than `max`, or one malformed, answers `invalid`.
 */
export const optionalIdList = (invalid: string, max: number) =>
  preprocess(
    (v) => (none(v) ? undefined : typeof v === 'string' ? v.split(',').map((id) => id.trim()) : v),
    z.optional(
      z.array(idText(invalid), { error: invalid }).check(z.maxLength(max, { error: invalid })),
    ),
  );

/**
 * The optional hints of a read about one topic (`getqna`, `getQuiz`, `getOfflineQuiz`): the ids
 * of the topic's subject, class and board as the lesson read gave them to the client. They only
 * choose what the server reads first, never what it decides (that rests on the topic record's own
 * ids); a malformed one is `400` "<name> is not valid.", a blank one counts as none.
 */
export const topicAncestorHints = {
  subject_id: optionalId('subject_id is not valid.'),
  class_id: optionalId('class_id is not valid.'),
  board_id: optionalId('board_id is not valid.'),
};
