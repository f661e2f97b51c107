import * as z from 'zod/mini';
import { optionalId, requiredId } from './ids.ts';
import { LEARNER_MESSAGES } from './learner-messages.ts';

export { LEARNER_MESSAGES };

export const SubjectRefInput = z.object({
  subject_id: requiredId('subject_id is required.', LEARNER_MESSAGES.subjectNotFound),
});

/** `user_id` is optional wherever it appears; identity comes from the token alone. */
export const UserIdQuery = z.object({
  user_id: optionalId(),
});
