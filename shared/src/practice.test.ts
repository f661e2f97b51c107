import { describe, expect, it } from 'vitest';
import {
  AnswerQuizInput,
  attemptIdOf,
  ClockInput,
  InsertPracticeQuestionInput,
  isCorrect,
  isQuestionNumber,
  parseAttemptId,
  REVIEW_SCOPE_ID,
  questionIdOf,
  questionProblem,
  QuizQuery,
  quizSize,
  topicOfQuestion,
} from './practice.ts';

const ULID = '01JH8Z3Q4R5S6T7V8W9X0Y1Z2A';

describe('grading (isCorrect)', () => {
  it('needs exactly the right option of a single-answer question', () => {
    const q = { type: 'single' as const, answer: '2' };
    expect(isCorrect(q, '2')).toBe(true);
    expect(isCorrect(q, '1')).toBe(false);
    expect(isCorrect(q, ['2'])).toBe(false);
  });

  it('needs every right option and no other of a multiple-answer question, in any order', () => {
    const q = { type: 'multiple' as const, answer: ['1', '3'] };
    expect(isCorrect(q, ['3', '1'])).toBe(true);
    expect(isCorrect(q, ['1'])).toBe(false);
    expect(isCorrect(q, ['1', '2', '3'])).toBe(false);
    expect(isCorrect(q, ['1', '1', '3'])).toBe(true);
    expect(isCorrect(q, '1')).toBe(false);
  });

  it('takes a boolean for true/false, never its text', () => {
    const q = { type: 'true_false' as const, answer: false };
    expect(isCorrect(q, false)).toBe(true);
    expect(isCorrect(q, 'false')).toBe(false);
    expect(isCorrect(q, true)).toBe(false);
  });

  it('takes a number within the tolerance, also typed as text', () => {
    const q = { type: 'numeric' as const, answer: 9.8, tolerance: 0.1 };
    expect(isCorrect(q, 9.75)).toBe(true);
    expect(isCorrect(q, '9.9')).toBe(true);
    expect(isCorrect(q, 9.95)).toBe(false);
    expect(isCorrect(q, 'nine')).toBe(false);
    expect(isCorrect({ type: 'numeric', answer: 3 }, 3.0001)).toBe(false);
  });
});

describe('a question’s shape (questionProblem)', () => {
  it('accepts each type in its own form', () => {
    expect(questionProblem({ type: 'single', options: ['a', 'b'], answer: '2' })).toBeUndefined();
    expect(
      questionProblem({ type: 'multiple', options: ['a', 'b', 'c'], answer: ['1', '3'] }),
    ).toBeUndefined();
    expect(questionProblem({ type: 'true_false', answer: true })).toBeUndefined();
    expect(questionProblem({ type: 'numeric', answer: 2, tolerance: 0 })).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(questionProblem({ type: 'single', options: Array(7).fill('x'), answer: '1' })).toBe(
      'A single-answer question needs 2 to 6 options.',
    );
    expect(questionProblem({ type: 'single', options: ['A', 'a'], answer: '1' })).toBe(
      'Two options have the same text.',
    );
    expect(questionProblem({ type: 'multiple', options: ['a', 'b'], answer: ['1', '1'] })).toBe(
      'The answer must list the numbers of one or more options.',
    );
    expect(questionProblem({ type: 'true_false', answer: 'true' })).toBe(
      'The answer must be true or false.',
    );
    expect(questionProblem({ type: 'numeric', answer: Number.NaN })).toBe(
      'The answer must be a number.',
    );
  });

  it('is what the insert schema answers, with defaults for difficulty and status', () => {
    const bad = InsertPracticeQuestionInput.safeParse({
      topic_id: 'T1',
      type: 'single',
      text: 'Q',
      options: ['a', 'b'],
      answer: '5',
      explanation: 'E',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('The answer must be the number of one option.');
    const good = InsertPracticeQuestionInput.parse({
      topic_id: 'T1',
      type: 'true_false',
      text: ' Q ',
      answer: true,
      explanation: 'E',
    });
    expect(good).toMatchObject({ text: 'Q', difficulty: 'medium', status: 'draft' });
  });
});

describe('the numbers a question stores (isQuestionNumber)', () => {
  it('takes answers up to 10^12 either way with at most 6 decimals', () => {
    for (const n of [0, -0, 1556, -273.15, 0.000001, 1e12, -1e12, 123456.123456])
      expect(isQuestionNumber(n), String(n)).toBe(true);
  });

  it('refuses what the table cannot keep as written: huge, tiny, too precise, not finite', () => {
    for (const n of [1e200, -1e200, 1e-200, 1e-7, 1e12 + 1, 1.1234567, Infinity, NaN])
      expect(isQuestionNumber(n), String(n)).toBe(false);
  });
});

describe('ids', () => {
  it('a question id names its topic', () => {
    expect(topicOfQuestion(questionIdOf('01TOPIC_WITH_UNDERSCORE', ULID))).toBe(
      '01TOPIC_WITH_UNDERSCORE',
    );
    expect(topicOfQuestion('no-ulid-here')).toBeUndefined();
    expect(topicOfQuestion(`_${ULID}`)).toBeUndefined();
  });

  it('an attempt id names its quiz, and nothing else parses as one', () => {
    const HEX = '0123456789abcdef0123456789abcdef';
    const id = attemptIdOf({ scope: 'chapter', total: 7, scope_id: 'CH-1' }, HEX);
    expect(parseAttemptId(id)).toEqual({ scope: 'chapter', total: 7, scope_id: 'CH-1' });
    expect(parseAttemptId(`t0-T-${HEX}`)).toBeUndefined();
    expect(parseAttemptId(`t11-T-${HEX}`)).toBeUndefined();
    expect(parseAttemptId(`x5-T-${HEX}`)).toBeUndefined();
    expect(parseAttemptId(`t5-T-${ULID}`)).toBeUndefined();
    expect(
      AnswerQuizInput.safeParse({ attempt_id: 'x', question_id: 'Q', answer: '1' }).success,
    ).toBe(false);
  });

  it('a review attempt id has its own prefix, at most ten questions and no topic or chapter', () => {
    const HEX = '0123456789abcdef0123456789abcdef';
    const id = attemptIdOf({ scope: 'review', total: 3, scope_id: REVIEW_SCOPE_ID }, HEX);
    expect(id).toBe(`r3-review-${HEX}`);
    expect(parseAttemptId(id)).toEqual({ scope: 'review', total: 3, scope_id: 'review' });
    expect(parseAttemptId(`r11-review-${HEX}`)).toBeUndefined();
    expect(parseAttemptId(`r3-T1-${HEX}`)).toBeUndefined();
  });

  it('the local clock moves 1 to 365 whole days, nothing else', () => {
    for (const days of [1, 365])
      expect(ClockInput.safeParse({ advance_days: days }).success).toBe(true);
    for (const days of [0, 366, 1.5, '2', undefined]) {
      const res = ClockInput.safeParse({ advance_days: days });
      expect(res.success).toBe(false);
      expect(res.error?.issues[0]?.message).toBe(
        'advance_days must be a whole number from 1 to 365.',
      );
    }
  });

  it('a chapter test’s topic_ids hint is a comma list of ids, blank for none, at most 45', () => {
    const parse = (topic_ids: string) => QuizQuery.safeParse({ chapter_id: 'C1', topic_ids });
    expect(parse(' T1, T2 ').data?.topic_ids).toEqual(['T1', 'T2']);
    expect(parse('').data?.topic_ids).toBeUndefined();
    const many = Array.from({ length: 46 }, (_, i) => `T${i}`);
    expect(parse(many.slice(1).join(',')).success).toBe(true);
    for (const bad of [many.join(','), 'T1,,T2', 'T1,<b>', 'T1,']) {
      expect(parse(bad).error?.issues[0]?.message).toBe('topic_ids is not valid.');
    }
  });

  it('a quiz asks at most ten questions, or as many as asked', () => {
    expect([1, 5, 10, 40].map((n) => quizSize(n))).toEqual([1, 5, 10, 10]);
    expect([1, 5, 10, 40].map((n) => quizSize(n, 5))).toEqual([1, 5, 5, 5]);
    expect(quizSize(40, 12)).toBe(10);
  });
});
