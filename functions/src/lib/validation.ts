import { fieldLabel } from '@gia/shared';
import type * as z from 'zod/mini';
import { ValidationError } from './errors.ts';

/** What the plain sentences read of a zod issue (raw, as the error map gets it, or final). */
interface IssueFacts {
  code?: string;
  path?: PropertyKey[];
  input?: unknown;
  origin?: string;
  expected?: string;
  maximum?: unknown;
  minimum?: unknown;
  values?: unknown[];
  format?: string;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/** The field an issue is about, as people name it (the first key of its path). */
const labelOf = (issue: IssueFacts) => {
  const key = issue.path?.find((p): p is string => typeof p === 'string');
  return fieldLabel(key);
};

/** A length limit as words: "100 characters", "5 items". */
const amount = (issue: IssueFacts, n: unknown) =>
  issue.origin === 'array' || issue.origin === 'set'
    ? `${String(n)} items`
    : issue.origin === 'string'
      ? `${String(n)} characters`
      : String(n);

/**
 * A plain sentence naming the field, for a problem the schema gave no message for (zod's own
 * texts, "Too big: expected string to have <=100 characters", never reach a person).
 */
export function plainSentence(issue: IssueFacts): string {
  const label = labelOf(issue);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${label} is required.`;
      return `${label} must be ${TYPE_WORDS[issue.expected ?? ''] ?? 'valid'}.`;
    case 'too_big':
      return `${label} must be at most ${amount(issue, issue.maximum)}.`;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1
        ? `${label} is required.`
        : `${label} must be at least ${amount(issue, issue.minimum)}.`;
    case 'invalid_value':
      return issue.values?.length && issue.values.length <= 10
        ? `${label} must be one of: ${issue.values.map(String).join(', ')}.`
        : `${label} is not valid.`;
    case 'unrecognized_keys':
      return 'The request has fields that are not allowed.';
    default:
      return `${label} is not valid.`;
  }
}

/**
 * Over-long text is named with its field and limit even where the schema's message was meant for
 * another problem (a type's "Name is required." is what zod gives its length checks too).
 */
const tooLong = (issue: IssueFacts) =>
  issue.code === 'too_big' && (issue.origin === 'string' || issue.origin === 'array');

/**
 * Parses input with a shared schema. A failure is a `400 VALIDATION_FAILED` whose message is the
 * first problem's user-facing text and whose details list every problem by field: the schema's
 * message where it gave one, else (and for any over-long text) a plain sentence naming the field
 * in the contract's words ({@link plainSentence}).
 */
export function parse<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {}, {
    error: (issue) => plainSentence(issue as IssueFacts),
  });
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: tooLong(issue as IssueFacts) ? plainSentence(issue as IssueFacts) : issue.message,
  }));
  throw new ValidationError(details[0]?.message ?? 'The request is not valid.', details);
}
