import { describe, expect, it } from 'vitest';
import {
  AI_SOURCE_LIMITS,
  AI_SOURCE_MESSAGES,
  LEARNING_MESSAGES,
  type GroundedReply,
} from '@gia/shared';
import { checkReply, readReply, verifiedCitations } from './citations.ts';
import { SENT_PASSAGES } from '../../test/ai-passages.ts';

const passages = SENT_PASSAGES;
const reply = (r: Partial<GroundedReply>) =>
  JSON.stringify({ on_topic: true, covered: true, answer: 'Two.', citations: [], ...r });
const cited = [{ passage_id: 'P2', quote: 'at most two roots' }];

describe('citation checking', () => {
  it('keeps citations whose quote is in the named passage, once per passage, mapped to their source', () => {
    const kept = verifiedCitations(
      [
        { passage_id: 'P1', quote: 'the number B^2 - 4ac is called   the discriminant' },
        { passage_id: 'P1', quote: 'is called the discriminant' },
        { passage_id: 'P2', quote: 'at most two roots' },
        { passage_id: 'P2', quote: 'at least three roots' },
        { passage_id: 'P3', quote: 'A quadratic has at most two roots.' },
      ],
      passages,
    );
    expect(kept).toEqual([
      {
        source: 'notes',
        page: 3,
        quote: 'the number B^2 - 4ac is called the discriminant',
        notes_url: '/media/private/notes/q.pdf',
      },
      { source: 'video', start_seconds: 134, quote: 'at most two roots' },
    ]);
  });

  it('drops a quote from another passage than the one named', () => {
    expect(
      verifiedCitations([{ passage_id: 'P2', quote: 'is called the discriminant' }], passages),
    ).toEqual([]);
  });

  it('keeps no more citations than an answer may have', () => {
    const many = Array.from({ length: AI_SOURCE_LIMITS.citationsPerAnswer + 2 }, (_, i) => ({
      id: `P${i + 1}`,
      topic: 'T',
      source: 'description' as const,
      text: 'the same words',
    }));
    const all = many.map((p) => ({ passage_id: p.id, quote: 'same words' }));
    expect(verifiedCitations(all, many)).toHaveLength(AI_SOURCE_LIMITS.citationsPerAnswer);
  });
});

describe('reading the model’s reply', () => {
  it('reads text that is not JSON as an uncited answer', () => {
    expect(readReply(' Plain words. ')).toEqual({
      on_topic: true,
      covered: false,
      answer: 'Plain words.',
      citations: [],
    });
  });

  it('reads nothing as an empty on-topic answer, and drops citations of the wrong shape', () => {
    expect(readReply(undefined)).toEqual({
      on_topic: true,
      covered: false,
      answer: '',
      citations: [],
    });
    const read = readReply(
      JSON.stringify({ on_topic: false, citations: [{ passage_id: 1, quote: 'x' }, cited[0]] }),
    );
    expect(read).toMatchObject({ on_topic: false, covered: false, citations: cited });
  });
});

describe('the answer a checked reply gives', () => {
  const grounded = { passages, grounded: true };

  it('is the reply when its citation checks out, with the citation kept', () => {
    expect(checkReply(reply({ citations: cited }), grounded)).toEqual({
      answer: 'Two.',
      refused: false,
      covered: true,
      citations: [{ source: 'video', start_seconds: 134, quote: 'at most two roots' }],
    });
  });

  it('is the fixed "not covered" reply for a topic when no citation checks out', () => {
    const wrong = [{ passage_id: 'P1', quote: 'at most two roots' }];
    expect(checkReply(reply({ citations: wrong }), grounded)).toEqual({
      answer: AI_SOURCE_MESSAGES.notCovered,
      refused: false,
      covered: false,
      citations: [],
    });
  });

  it('is the fixed refusal off the topic, citing nothing', () => {
    expect(checkReply(reply({ on_topic: false, citations: cited }), grounded)).toEqual({
      answer: LEARNING_MESSAGES.aiRefusal,
      refused: true,
      covered: false,
      citations: [],
    });
  });

  it('outside a topic is the reply even uncited, never covered (no notes cover it), or the fixed words when it is empty', () => {
    const free = { passages: [], grounded: false };
    // The model may say covered: true; a class or general answer has no notes to be covered by.
    expect(checkReply(reply({ covered: true }), free)).toEqual({
      answer: 'Two.',
      refused: false,
      covered: false,
      citations: [],
    });
    expect(checkReply(reply({ answer: ' ' }), free).answer).toBe(LEARNING_MESSAGES.aiEmpty);
  });
});
