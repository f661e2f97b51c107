import { describe, expect, it } from 'vitest';
import { AI_SOURCE_MESSAGES } from '@gia/shared';
import { notesAnswer, quoteOf, sameWord, shareOf, wordWeights } from './notes.ts';
import type { SentPassage } from './retrieval.ts';

const passage = (id: string, page: number, text: string): SentPassage => ({
  id,
  topic: 'Quadratic Equations',
  source: 'notes',
  page,
  text,
  notes_url: 'https://media.local/private/notes/q.pdf',
});

// As retrieval ranks them for "What is the discriminant?": the best first.
const P1 = passage(
  'P1',
  3,
  'The roots depend on the discriminant. The discriminant of ax^2 + bx + c = 0 is D = b^2 - 4ac. When D is negative, the equation has no real roots.',
);
const P2 = passage(
  'P2',
  1,
  'A quadratic equation has degree two. Its standard form is ax^2 + bx + c = 0 where a is not zero.',
);
const P3 = passage(
  'P3',
  2,
  'To factorise, split the middle term into two parts whose product is ac and whose sum is b.',
);
const topic = { passages: [P1, P2, P3], grounded: true };

describe('notes mode: the answer quotes the notes', () => {
  it('treats a word and its forms as the same word, not any two words with a short prefix', () => {
    expect(sameWord('equation', 'equations')).toBe(true);
    expect(sameWord('factorise', 'factorisation')).toBe(true);
    expect(sameWord('won', 'wonder')).toBe(false);
    expect(sameWord('mirror', 'minor')).toBe(false);
  });

  it("measures the share of the question's words a text holds", () => {
    expect(shareOf(['discriminant', 'negative'], P1.text)).toBe(1);
    expect(shareOf(['discriminant', 'cricket'], P1.text)).toBe(0.5);
    expect(shareOf(['cricket'], P1.text)).toBe(0);
  });

  it('quotes the sentence holding the question, with the next while short, as the notes wrote it', () => {
    const quote = quoteOf(['negative'], P1.text);
    expect(quote).toBe('When D is negative, the equation has no real roots.');
    expect(P1.text).toContain(quote);
    const short = quoteOf(['roots', 'depend'], P1.text);
    expect(short).toBe(
      'The roots depend on the discriminant. The discriminant of ax^2 + bx + c = 0 is D = b^2 - 4ac.',
    );
  });

  it('takes the run of sentences that holds the whole question, and never a trailing footer', () => {
    expect(quoteOf(['discriminant', 'negative'], P1.text)).toBe(
      'The discriminant of ax^2 + bx + c = 0 is D = b^2 - 4ac. When D is negative, the equation has no real roots.',
    );
    const page =
      'If it is negative, the equation has no real roots. Quadratic Equations - page 3 of 3';
    expect(quoteOf(['negative'], page)).toBe('If it is negative, the equation has no real roots.');
  });

  it('cuts a long quote at a word, still a run of the passage', () => {
    const long = `${'word '.repeat(200)}end.`;
    const quote = quoteOf(['word'], long);
    expect(quote.length).toBeLessThanOrEqual(400);
    expect(long.startsWith(quote)).toBe(true);
    expect(quote.endsWith(' ')).toBe(false);
  });

  it('answers a covered question with the passages that hold it, best share first, each cited', () => {
    const a = notesAnswer('When is the discriminant negative?', topic);
    expect(a.covered).toBe(true);
    expect(a.refused).toBe(false);
    expect(a.citations).toEqual([
      {
        source: 'notes',
        page: 3,
        quote:
          'The discriminant of ax^2 + bx + c = 0 is D = b^2 - 4ac. When D is negative, the equation has no real roots.',
        notes_url: P1.notes_url,
      },
    ]);
    expect(a.answer).toBe(
      `${AI_SOURCE_MESSAGES.notesLeadIn}\n\n\u201c${a.citations[0]!.quote}\u201d`,
    );
  });

  it('quotes at most three passages, and a hint only the best one', () => {
    const many = Array.from({ length: 5 }, (_, i) =>
      passage(`P${i + 1}`, i + 1, `Page ${i + 1} says the roots of a quadratic are found here.`),
    );
    const material = { passages: many, grounded: true };
    expect(notesAnswer('How are the roots of a quadratic found?', material).citations).toHaveLength(
      3,
    );
    const hint = notesAnswer('How are the roots of a quadratic found?', material, 'hint');
    expect(hint.citations.map((c) => c.page)).toEqual([1]);
  });

  it('puts the passage holding more of the question first, whatever the ranking', () => {
    const a = notesAnswer('What is the standard form of a quadratic equation?', topic);
    expect(a.citations[0]?.page).toBe(1);
    expect(a.citations.every((c) => c.page !== 2)).toBe(true);
  });

  it('weighs a word on every page (the title in each footer) little: only the page of the answer is quoted', () => {
    const footed = [
      'A quadratic equation has degree two, so it has at most two roots.',
      'Split the middle term so that the product of its parts is ac.',
      'The number b^2 - 4ac is called the discriminant.',
    ].map((text, i) =>
      passage(`P${i + 1}`, i + 1, `${text} Quadratic Equations - page ${i + 1} of 3`),
    );
    const weight = wordWeights(
      ['degree', 'quadratic', 'equation'],
      footed.map((p) => p.text),
    );
    expect(weight('degree')).toBeGreaterThan(3 * weight('quadratic'));
    const a = notesAnswer('What is the degree of a quadratic equation?', {
      passages: footed,
      grounded: true,
    });
    expect(a.citations).toEqual([
      expect.objectContaining({
        page: 1,
        quote: 'A quadratic equation has degree two, so it has at most two roots.',
      }),
    ]);
  });

  it('answers "not covered", without citations, when no passage holds half of the question', () => {
    const a = notesAnswer('Who invented the formula for roots in ancient India?', topic);
    expect(a).toEqual({
      answer: AI_SOURCE_MESSAGES.notCovered,
      refused: false,
      covered: false,
      citations: [],
    });
  });

  it('refuses a question that shares no word with the notes (off the topic)', () => {
    expect(notesAnswer('Who won the cricket world cup in 2011?', topic)).toEqual({
      answer: AI_SOURCE_MESSAGES.notesNothing,
      refused: true,
      covered: false,
      citations: [],
    });
  });

  it('outside a topic there is nothing to quote: it says the notes answer in a lesson', () => {
    expect(notesAnswer('What is a quadratic equation?', { passages: [], grounded: false })).toEqual(
      {
        answer: AI_SOURCE_MESSAGES.notesNeedLesson,
        refused: false,
        covered: false,
        citations: [],
      },
    );
  });
});
