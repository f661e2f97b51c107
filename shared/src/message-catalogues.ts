import { AI_SOURCE_MESSAGES } from './ai-sources.ts';
import { CATALOGUE_MESSAGES } from './catalogue-messages.ts';
import { HANDOFF_MESSAGES } from './handoff.ts';
import { INSIGHTS_MESSAGES } from './insights-rules.ts';
import { LEARNER_MESSAGES } from './learner-messages.ts';
import { LEARNING_MESSAGES } from './learning-messages.ts';
import { learnerMessageCodes } from './message-codes.ts';
import { MESSAGES } from './messages.ts';
import { PAYMENT_MESSAGES } from './payments.ts';
import { PRACTICE_MESSAGES } from './practice-limits.ts';
import { COUPON_MESSAGES } from './selling-rules.ts';
import { UPLOAD_MESSAGES } from './uploads.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';
import { VIDEO_MESSAGES } from './video.ts';

export * from './message-codes.ts';

/*
 * Every catalogue of messages at once (each registers its codes when loaded): for the SPA's
 * translations, the tests and the reference. A Lambda function imports only message-codes.ts and
 * the catalogues its code uses.
 */

/** One table of each catalogue module, so that loading this file loads (and registers) them all. */
export const MESSAGE_CATALOGUES = [
  MESSAGES,
  LEARNER_MESSAGES,
  VALIDATION_MESSAGES,
  LEARNING_MESSAGES,
  PAYMENT_MESSAGES,
  COUPON_MESSAGES,
  PRACTICE_MESSAGES,
  AI_SOURCE_MESSAGES,
  HANDOFF_MESSAGES,
  UPLOAD_MESSAGES,
  CATALOGUE_MESSAGES,
  VIDEO_MESSAGES,
  INSIGHTS_MESSAGES,
] as const;

/**
 * The codes a learner can be answered, with their English and, for a template, its parameter
 * names: what the SPA's translations must cover (every code here needs a Kannada and a Hindi
 * text; a template's translation uses the same `{name}` blanks). Messages answered only on admin
 * routes have codes too, but are not listed.
 */
export const LEARNER_MESSAGE_CODES: Readonly<
  Record<string, { text: string; params: readonly string[] }>
> = learnerMessageCodes();
