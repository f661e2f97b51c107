import * as z from 'zod/mini';
import { preprocess } from './zod.ts';

/**
 * Ids of the product: ULIDs (catalogue, cart, favourites, reviews, questions), Cognito subs
 * (UUIDs with `-`) and Razorpay ids (`order_…`, `pay_…`). Every id that reaches a key of the table
 * is bounded here: DynamoDB refuses key values over 1–2 KB with a ValidationException, which must
 * be a 4xx, never a 500.
 */
export const ID_MAX_LENGTH = 64;
export const ID_PATTERN = /^[0-9A-Za-z_-]+$/;

/** Whether a value (e.g. a decoded path parameter) has the shape of an id. */
export const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= ID_MAX_LENGTH && ID_PATTERN.test(value);

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);

/** A required id: trimmed; missing or blank answers `missing`, a malformed one `invalid`. */
export const requiredId = (missing: string, invalid = 'Invalid id.') =>
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

/** An optional id: missing, `null` or blank mean none (`undefined`). */
export const optionalId = (invalid = 'Invalid id.') =>
  preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : trimmed(v)),
    z.optional(
      z
        .string({ error: invalid })
        .check(
          z.maxLength(ID_MAX_LENGTH, { error: invalid }),
          z.regex(ID_PATTERN, { error: invalid }),
        ),
    ),
  );
