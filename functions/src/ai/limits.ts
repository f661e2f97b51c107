import { AI_LIMITS, LEARNING_MESSAGES as M } from '@gia/shared';
import { takeDailyBudget, takeLearnerQuestion } from '../db/ai.ts';
import { env } from '../lib/env.ts';
import { RateLimitedError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';

const HOUR_MS = 3600_000;

/** Counts the question in the learner's sliding hour: past the limit, 429 with Retry-After. */
export async function countQuestion(userId: string): Promise<void> {
  const mine = await takeLearnerQuestion(userId, AI_LIMITS.questionsPerHour, HOUR_MS);
  if (!mine.allowed) {
    throw new RateLimitedError(M.aiRateLimited, Math.max(1, Math.ceil(mine.retryAfterMs / 1000)));
  }
}

/**
 * Takes one question of the global daily budget of model answers, across all learners: false
 * when it is spent or cannot be read (failing closed: the notes answer instead of the model).
 */
export async function takeModelBudget(): Promise<boolean> {
  const day = new Date().toISOString().slice(0, 10);
  return takeDailyBudget(day, env().AI_DAILY_BUDGET).catch((err: unknown) => {
    logger.warn('AI budget unreadable', { error: err as Error });
    return false;
  });
}
