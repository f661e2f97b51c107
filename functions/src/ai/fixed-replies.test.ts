import { describe, expect, it } from 'vitest';
import { AI_SOURCE_MESSAGES, LEARNING_MESSAGES, scriptLanguage } from '@gia/shared';
import { checkReply } from './citations.ts';
import { FIXED_REPLIES, fixedRepliesFor } from './fixed-replies.ts';
import { notesAnswer } from './notes.ts';
import { SENT_PASSAGES } from '../../test/ai-passages.ts';

const grounded = { passages: SENT_PASSAGES, grounded: true };
const offTopic = JSON.stringify({ on_topic: false, covered: false, answer: 'x', citations: [] });

describe("the teacher's fixed replies in the learner's language (issue 33)", () => {
  it('keeps the contract’s English, and writes each other language in its own script', () => {
    expect(FIXED_REPLIES.en).toMatchObject({
      refusal: LEARNING_MESSAGES.aiRefusal,
      notCovered: AI_SOURCE_MESSAGES.notCovered,
      notesLeadIn: AI_SOURCE_MESSAGES.notesLeadIn,
    });
    for (const language of ['kn', 'hi'] as const) {
      for (const text of Object.values(FIXED_REPLIES[language])) {
        expect({ text, language: scriptLanguage(text) }).toEqual({ text, language });
      }
    }
  });

  it("answers in the question's script first, else in the learner's chosen language", () => {
    expect(fixedRepliesFor('ಪತ್ರಹರಿತ್ತು ಎಂದರೇನು?', 'hi')).toBe(FIXED_REPLIES.kn);
    expect(fixedRepliesFor('प्रकाश संश्लेषण क्या है?')).toBe(FIXED_REPLIES.hi);
    expect(fixedRepliesFor('What is chlorophyll?', 'kn')).toBe(FIXED_REPLIES.kn);
    expect(fixedRepliesFor('What is chlorophyll?')).toBe(FIXED_REPLIES.en);
  });

  it('refuses an off-topic question, and says the notes do not cover one, in that language', () => {
    expect(checkReply(offTopic, grounded, FIXED_REPLIES.kn).answer).toBe(FIXED_REPLIES.kn.refusal);
    expect(checkReply(offTopic, grounded).answer).toBe(LEARNING_MESSAGES.aiRefusal);
    const uncited = JSON.stringify({ on_topic: true, covered: true, answer: 'y', citations: [] });
    expect(checkReply(uncited, grounded, FIXED_REPLIES.hi).answer).toBe(
      FIXED_REPLIES.hi.notCovered,
    );
  });

  it("leads the notes' own words in, or says nothing matches, in that language", () => {
    const quoted = notesAnswer('What is the discriminant?', grounded, 'answer', FIXED_REPLIES.kn);
    expect(quoted.answer.startsWith(`${FIXED_REPLIES.kn.notesLeadIn}\n\n`)).toBe(true);
    expect(quoted.citations.length).toBeGreaterThan(0);
    const none = notesAnswer('Who built the Taj Mahal?', grounded, 'answer', FIXED_REPLIES.hi);
    expect(none.answer).toBe(FIXED_REPLIES.hi.notesNothing);
    const outside = notesAnswer('?', { passages: [], grounded: false }, 'answer', FIXED_REPLIES.kn);
    expect(outside.answer).toBe(FIXED_REPLIES.kn.notesNeedLesson);
  });
});
