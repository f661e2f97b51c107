import { env } from '../lib/env.ts';

/** The table name, from the environment. */
export const tableName = (): string => env().TABLE_NAME;

/** Opaque list cursors: the LastEvaluatedKey, base64url-encoded. */
export const encodeCursor = (key: Record<string, unknown> | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null;

export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // fall through: an unreadable cursor is bad input
  }
  throw new InvalidCursorError();
}

export class InvalidCursorError extends Error {}

/** One page of a list. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
