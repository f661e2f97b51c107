import { AI_LIMITS, LEARNING_MESSAGES as M } from '@gia/shared';
import { takeDailyBudget, takeLearnerQuestion } from '../db/ai.ts';
import { env } from '../lib/env.ts';
import { RateLimitedError, UnavailableError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';

const HOUR_MS = 3600_000;

/**
 * Counts the question: first in the learner's sliding hour (429 with Retry-After), then in the
 * global daily budget across all learners, which fails closed (503) when spent or unreadable.
 */
export async function countQuestion(userId: string): Promise<void> {
  const mine = await takeLearnerQuestion(userId, AI_LIMITS.questionsPerHour, HOUR_MS);
  if (!mine.allowed) {
    throw new RateLimitedError(M.aiRateLimited, Math.max(1, Math.ceil(mine.retryAfterMs / 1000)));
  }
  const day = new Date().toISOString().slice(0, 10);
  const withinBudget = await takeDailyBudget(day, env().AI_DAILY_BUDGET).catch((err: unknown) => {
    logger.warn('AI budget unreadable', { error: err as Error });
    return false;
  });
  if (!withinBudget) throw new UnavailableError(M.aiBudgetSpent);
}
