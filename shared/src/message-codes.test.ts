import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from './errors.ts';
import {
  describeMessage,
  findMessageCode,
  genericMessageCode,
  LEARNER_MESSAGE_CODES,
  MESSAGE_CODE_SHAPE,
  MESSAGE_ENTRIES,
} from './message-catalogues.ts';
import { CATALOGUE_MESSAGES } from './catalogue-messages.ts';
import { COUPON_MESSAGES } from './selling-rules.ts';
import { LEARNER_MESSAGES } from './learner-messages.ts';
import { MESSAGES } from './messages.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

/** Values to fill a template's blanks with, told apart by their index (numbers fit every shape). */
const sample = (i: number) => String((i + 1) * 10);

describe('the registry of message codes', () => {
  it('gives every message a well-formed code: dotted, lower case', () => {
    const malformed = MESSAGE_ENTRIES.map((e) => e.code).filter(
      (code) => !MESSAGE_CODE_SHAPE.test(code),
    );
    expect(malformed).toEqual([]);
    const generic = (Object.keys(ERROR_STATUS) as ErrorCode[]).map(genericMessageCode);
    expect(generic.filter((code) => !MESSAGE_CODE_SHAPE.test(code))).toEqual([]);
  });

  it('never gives two messages the same code', () => {
    const seen = new Map<string, string>();
    const shared: string[] = [];
    for (const { code, text } of MESSAGE_ENTRIES) {
      if (seen.has(code)) shared.push(`${code}: "${seen.get(code)}" and "${text}"`);
      seen.set(code, text);
    }
    expect(shared).toEqual([]);
  });

  it('derives a code from the catalogue and the key, so rewording a text keeps its code', () => {
    expect(findMessageCode(LEARNER_MESSAGES.cartDuplicate)).toEqual({
      message_code: 'learner.cart_duplicate',
    });
    expect(findMessageCode(MESSAGES.loginFailed)).toEqual({ message_code: 'app.login_failed' });
    expect(findMessageCode(CATALOGUE_MESSAGES['sub-subject'].hasChildren!)).toEqual({
      message_code: 'catalogue.sub_subject.has_children',
    });
  });

  it('finds every fixed message by its text, under its own code or an earlier key’s of the same words', () => {
    const lost = MESSAGE_ENTRIES.filter((e) => !e.params.length).filter((e) => {
      const found = findMessageCode(e.text)?.message_code;
      const holder = MESSAGE_ENTRIES.find((other) => other.code === found);
      return holder?.text !== e.text;
    });
    expect(lost.map((e) => e.code)).toEqual([]);
  });

  it('finds every template by its filled text, with the values under the template’s parameter names', () => {
    const misread = MESSAGE_ENTRIES.filter((e) => e.params.length).flatMap((e) => {
      const filled = e.params.reduce(
        (text, name, i) => text.replace(`{${name}}`, sample(i)),
        e.text,
      );
      const expected = {
        message_code: e.code,
        message_params: Object.fromEntries(e.params.map((name, i) => [name, sample(i)])),
      };
      const found = findMessageCode(filled);
      return JSON.stringify(found) === JSON.stringify(expected)
        ? []
        : [{ filled, found, expected }];
    });
    expect(misread).toEqual([]);
  });

  it('reads a field label with spaces and a number out of a validation sentence', () => {
    expect(findMessageCode(VALIDATION_MESSAGES.atMostChars('Board Name', 100))).toEqual({
      message_code: 'validation.at_most_chars',
      message_params: { field: 'Board Name', max: '100' },
    });
  });

  it('answers the kind’s generic code for a text that no catalogue holds', () => {
    expect(describeMessage('Something nobody wrote down.', 'CONFLICT')).toEqual({
      message_code: 'conflict.generic',
    });
  });
});

describe('the learner-facing codes (what the SPA translates)', () => {
  it('lists learner messages with their English and a template’s parameter names', () => {
    expect(LEARNER_MESSAGE_CODES['learner.cart_duplicate']).toEqual({
      text: 'Already in your cart.',
      params: [],
    });
    expect(LEARNER_MESSAGE_CODES['learner.favourite_removed']).toEqual({
      text: '{subject} has been removed from favorites.',
      params: ['subject'],
    });
    expect(LEARNER_MESSAGE_CODES['validation.required']).toEqual({
      text: '{field} is required.',
      params: ['field'],
    });
  });

  it('leaves out what only the back office is answered', () => {
    expect(COUPON_MESSAGES.codeTaken).toBeTruthy();
    expect(LEARNER_MESSAGE_CODES['coupon.code_taken']).toBeUndefined();
    expect(LEARNER_MESSAGE_CODES['catalogue.board.has_children']).toBeUndefined();
    expect(LEARNER_MESSAGE_CODES['app.admin_self_delete']).toBeUndefined();
    // A coupon a learner applies is refused in the learner's words.
    expect(LEARNER_MESSAGE_CODES['coupon.expired']).toBeDefined();
  });

  it('lists a text once, under the code its answers carry', () => {
    // "Subject not found." is held by three catalogues; answers carry the first one's code.
    expect(findMessageCode('Subject not found.')).toEqual({
      message_code: 'learner.subject_not_found',
    });
    expect(LEARNER_MESSAGE_CODES['learner.subject_not_found']).toBeDefined();
    expect(LEARNER_MESSAGE_CODES['practice.subject_not_found']).toBeUndefined();
    const texts = Object.values(LEARNER_MESSAGE_CODES).map((e) => e.text);
    expect(texts.length).toBe(new Set(texts).size);
  });

  it('writes each template parameter as a {name} blank of its English, and no other', () => {
    const mismatched = Object.entries(LEARNER_MESSAGE_CODES).filter(([, { text, params }]) => {
      const blanks = [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      return JSON.stringify(blanks) !== JSON.stringify([...params].sort());
    });
    expect(mismatched.map(([code]) => code)).toEqual([]);
  });

  it('keeps the learner-facing codes stable (a renamed key shows here, for the SPA’s catalogues)', async () => {
    const listing = Object.entries(LEARNER_MESSAGE_CODES)
      .map(([code, { params }]) => (params.length ? `${code} {${params.join(', ')}}` : code))
      .sort()
      .join('\n');
    await expect(`${listing}\n`).toMatchFileSnapshot('./__snapshots__/learner-message-codes.txt');
  });
});
