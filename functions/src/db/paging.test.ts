import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, InvalidCursorError, startKeyError } from './paging.ts';

const scope = { index: 'gsi1' as const, partition: 'BOARDS' };
const real = { pk: 'BOARD#01J', sk: 'BOARD', gsi1pk: 'BOARDS', gsi1sk: '01J' };
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('list cursors', () => {
  it('reads back a cursor it handed out', () => {
    expect(decodeCursor(encodeCursor(real) ?? '', scope)).toEqual(real);
  });

  it('refuses crafted cursors with 400 instead of passing them to DynamoDB', () => {
    const crafted = [
      cursorOf({ foo: 'bar' }),
      cursorOf({ ...real, gsi1pk: 'CLASSES' }),
      cursorOf({ ...real, extra: 'x' }),
      cursorOf({ ...real, sk: 5 }),
      cursorOf({ ...real, gsi1sk: 'x'.repeat(2000) }),
      cursorOf([real]),
      cursorOf('text'),
      'not base64!',
      '%%%',
      'x'.repeat(5000),
    ];
    for (const c of crafted) {
      expect(() => decodeCursor(c, scope), c.slice(0, 40)).toThrow(InvalidCursorError);
    }
    expect(new InvalidCursorError().status).toBe(400);
  });

  it("maps DynamoDB's ValidationException for a start key to a bad cursor", () => {
    const dynamo = Object.assign(new Error('The provided starting key is invalid'), {
      name: 'ValidationException',
    });
    expect(startKeyError(dynamo, real)).toBeInstanceOf(InvalidCursorError);
    expect(startKeyError(dynamo, undefined)).toBe(dynamo);
  });
});
