import { fieldLabel } from '@gia/shared';
import { VALIDATION_MESSAGES as V } from '@gia/shared/validation-messages.ts';
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

/** The sentence of a wrong type, by the type zod expected. */
const TYPE_SENTENCES: Record<string, (label: string) => string> = {
  string: V.mustBeText,
  number: V.mustBeNumber,
  int: V.mustBeWholeNumber,
  boolean: V.mustBeTrueOrFalse,
  array: V.mustBeList,
  object: V.mustBeObject,
  date: V.mustBeDate,
};

/** The field an issue is about, as people name it (the first key of its path). */
const labelOf = (issue: IssueFacts) => {
  const key = issue.path?.find((p): p is string => typeof p === 'string');
  return fieldLabel(key);
};

/** A limit's sentence by what it limits: characters of a text, items of a list, else a value. */
const limitSentence = (
  issue: IssueFacts,
  sentences: {
    chars: (l: string, n: string) => string;
    items: (l: string, n: string) => string;
    value: (l: string, n: string) => string;
  },
  n: unknown,
) => {
  const write =
    issue.origin === 'array' || issue.origin === 'set'
      ? sentences.items
      : issue.origin === 'string'
        ? sentences.chars
        : sentences.value;
  return write(labelOf(issue), String(n));
};

/**
 * A plain sentence naming the field, for a problem the schema gave no message for (zod's own
 * texts, "Too big: expected string to have <=100 characters", never reach a person).
 */
export function plainSentence(issue: IssueFacts): string {
  const label = labelOf(issue);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return V.required(label);
      return (TYPE_SENTENCES[issue.expected ?? ''] ?? V.mustBeValid)(label);
    case 'too_big':
      return limitSentence(
        issue,
        { chars: V.atMostChars, items: V.atMostItems, value: V.atMost },
        issue.maximum,
      );
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) <= 1
        ? V.required(label)
        : limitSentence(
            issue,
            { chars: V.atLeastChars, items: V.atLeastItems, value: V.atLeast },
            issue.minimum,
          );
    case 'invalid_value':
      return issue.values?.length && issue.values.length <= 10
        ? V.oneOf(label, issue.values.map(String).join(', '))
        : V.notValid(label);
    case 'unrecognized_keys':
      return V.unknownFields;
    default:
      return V.notValid(label);
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
  throw new ValidationError(details[0]?.message ?? V.requestInvalid, details);
}
