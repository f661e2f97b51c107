import * as shared from '@gia/shared';
import { BoardInput, SignupInput, UpdateProfileInput } from '@gia/shared';
import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors.ts';
import { parse } from './validation.ts';

type Schema = Parameters<typeof parse>[0];

/** Every request body and query schema of the API (the shared `…Input` / `…Query` objects). */
const schemas = Object.entries(shared).flatMap(([name, value]) => {
  const shape = (value as { _zod?: { def?: { shape?: Record<string, unknown> } } })?._zod?.def
    ?.shape;
  return shape && /(Input|Query)$/.test(name)
    ? [{ name, schema: value as Schema, keys: Object.keys(shape) }]
    : [];
});

const BAD_VALUES: Record<string, unknown> = {
  'over-long text': 'x'.repeat(100_000),
  'a number': 12345,
  'a list': ['x'],
  'an object': { x: 1 },
  true: true,
  null: null,
};

/** The messages a failed parse gives (the answer's message and every detail), none when it passes. */
function messages(schema: Schema, input: unknown): string[] {
  try {
    parse(schema, input);
    return [];
  } catch (err) {
    expect(err).toBeInstanceOf(ValidationError);
    const e = err as ValidationError;
    return [e.message, ...(e.details ?? []).map((d) => d.message)];
  }
}

const RAW = /expected|too big|too small|invalid input|<=|>=/i;

describe('validation messages', () => {
  it('finds the request schemas of the API', () => {
    expect(schemas.length).toBeGreaterThan(25);
    expect(schemas.map((s) => s.name)).toEqual(
      expect.arrayContaining(['SignupInput', 'BoardInput', 'UpdateProfileInput', 'TopicInput']),
    );
  });

  for (const { name, schema, keys } of schemas) {
    it(`${name}: no raw validation text for over-long or wrong-typed fields`, () => {
      const seen: string[] = [];
      for (const [what, value] of Object.entries(BAD_VALUES)) {
        seen.push(...messages(schema, Object.fromEntries(keys.map((k) => [k, value]))));
        for (const key of keys) seen.push(...messages(schema, { [key]: value }));
        void what;
      }
      seen.push(...messages(schema, 'not an object'), ...messages(schema, [1, 2]));
      expect(seen.filter((m) => RAW.test(m) || !m.trim())).toEqual([]);
    });
  }

  it('names the field and its limit for a 300-character User Name (sign-up)', () => {
    expect(
      messages(SignupInput, {
        user_name: 'x'.repeat(300),
        email: 'asha@example.com',
        password: 'Passw0rdOk',
      }),
    ).toEqual([
      'User Name must be at most 100 characters.',
      'User Name must be at most 100 characters.',
    ]);
  });

  it('names the field and its limit for a 300-character Board Name (admin)', () => {
    expect(messages(BoardInput, { board_name: 'x'.repeat(300) })[0]).toBe(
      'Board Name must be at most 100 characters.',
    );
  });

  it('keeps the schema’s own messages for the problems it names', () => {
    expect(messages(SignupInput, { user_name: 'Asha', email: 'nope', password: 'short' })).toEqual([
      'Please enter a valid email address.',
      'Please enter a valid email address.',
      shared.PASSWORD_RULE_MESSAGE,
      shared.PASSWORD_RULE_MESSAGE,
    ]);
  });

  it('reports every problem of a form at once, each under its field', () => {
    let details: unknown;
    try {
      parse(UpdateProfileInput, { user_mobile: '123', user_name: '', email: 'x', dob: 'soon' });
    } catch (err) {
      details = (err as ValidationError).details;
    }
    expect(details).toEqual([
      { field: 'user_mobile', message: shared.LEARNING_MESSAGES.profileMobile },
      { field: 'user_name', message: 'Name is required!' },
      { field: 'email', message: 'Please enter a valid email address.' },
      { field: 'dob', message: 'Please enter a valid date of birth.' },
      { field: 'course_of_study', message: 'Course of study is required!' },
    ]);
  });
});
