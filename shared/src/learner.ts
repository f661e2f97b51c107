import * as z from 'zod/mini';

export { LEARNER_MESSAGES } from './messages.ts';

export const SubjectRefInput = z.object({
  subject_id: z
    .string({ error: 'subject_id is required.' })
    .check(z.trim(), z.minLength(1, { error: 'subject_id is required.' })),
});

/** `user_id` is optional wherever it appears; identity comes from the token alone. */
export const UserIdQuery = z.object({
  user_id: z.optional(z.string().check(z.trim(), z.minLength(1))),
});
