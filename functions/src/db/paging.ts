import { InvalidCursorError } from '../lib/cursor-errors.ts';

export { InvalidCursorError };

/** Opaque list cursors: the LastEvaluatedKey, base64url-encoded. */
export const encodeCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;

/** What a list's cursor must be: a start key of this partition (of this index, if any). */
export interface CursorScope {
  index?: 'gsi1' | 'gsi2' | 'gsi3';
  partition: string;
}

/** Longest cursor accepted: a start key is four short strings. */
const MAX_CURSOR_LENGTH = 2048;
/** DynamoDB refuses key values over 1,024 bytes (sort keys) with a ValidationException. */
const MAX_KEY_VALUE_BYTES = 1024;

/**
 * The start key of a list cursor. A cursor is only ever one we handed out, so it must have exactly
 * the attributes of a start key of the queried index (the table's `pk`/`sk`, plus the index's own
 * key) as short strings, and belong to the queried partition. Anything else is `400 Invalid
 * cursor.`, never a DynamoDB ValidationException (a 500). Validating the shape is enough: a start
 * key only says where a Query of the caller's own partition resumes, so a forged one can skip
 * items of that partition but never reach another (signing cursors would need a key to manage).
 */
export function decodeCursor(
  cursor: string | undefined,
  scope?: CursorScope,
): Record<string, unknown> | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) {
    throw new InvalidCursorError();
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new InvalidCursorError();
  const key = value as Record<string, unknown>;
  const expected = scope?.index
    ? ['pk', 'sk', `${scope.index}pk`, `${scope.index}sk`]
    : ['pk', 'sk'];
  const names = Object.keys(key);
  const shapeOk =
    names.length === expected.length &&
    expected.every(
      (name) =>
        typeof key[name] === 'string' &&
        key[name] !== '' &&
        Buffer.byteLength(key[name]) <= MAX_KEY_VALUE_BYTES,
    );
  const partitionOk = !scope || key[scope.index ? `${scope.index}pk` : 'pk'] === scope.partition;
  if (!shapeOk || !partitionOk) throw new InvalidCursorError();
  return key;
}

/**
 * What to throw for an error of a Query that had a start key: DynamoDB's ValidationException
 * ("The provided starting key is invalid") is the caller's bad cursor, so `400`, not a 500.
 */
export function startKeyError(err: unknown, startKey: unknown): unknown {
  return startKey && (err as Error | undefined)?.name === 'ValidationException'
    ? new InvalidCursorError()
    : err;
}

/** One page of a list. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
