import * as z from 'zod/mini';
import { DraftCitation } from './citation.ts';
import { requiredId } from './ids.ts';
import { LEARNING_MESSAGES, QNA_LIMITS } from './learning.ts';
import { text } from './zod.ts';
import { registerMessages } from './message-codes.ts';

/*
 * Hand-off to a human (issue 16, item 5): "Ask a teacher" turns a question the AI teacher could
 * not answer from the notes into a question of the topic's Q&A, with the AI's draft kept for staff.
 */

export const HANDOFF_MESSAGES = {
  asked: 'Sent to your teachers.',
  draftPublished: 'Answer published.',
} as const;

/**
 * `askTeacher`: the same bounds as `insertqna`. `draft` is accepted for the contract's sake but
 * never stored: the draft staff see is always the server's own last teacher turn of that learner
 * and topic, so a learner cannot put words into "the AI's draft".
 */
export const AskTeacherInput = z.object({
  topic_id: requiredId('topic_id is required.', 'topic_id is not valid.'),
  question: text(LEARNING_MESSAGES.questionEmpty, QNA_LIMITS.textChars),
  draft: z.optional(z.string().check(z.maxLength(20_000, { error: 'At most 20000 characters.' }))),
});
export type AskTeacherInput = z.infer<typeof AskTeacherInput>;

/** The AI's draft of a hand-off, for staff only. */
export const HandoffDraft = z.object({
  text: z.string(),
  citations: z.array(DraftCitation),
});
export type HandoffDraft = z.infer<typeof HandoffDraft>;

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('handoff', HANDOFF_MESSAGES, ['draftPublished']);
