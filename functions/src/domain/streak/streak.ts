import { addDays, indiaDay } from '@gia/shared/insights-rules.ts';
import type { Streak } from '@gia/shared/practice-answers.ts';
import { recordActivity, type Activity } from '../../db/review.ts';
import { now } from '../../lib/clock.ts';

/**
 * Streaks (issue 31): consecutive days in India's time zone (a day runs from midnight to
 * midnight IST, UTC+5:30, whatever the learner's device says) with a finished lesson or a
 * counted quiz or review answer. A learner's activity is one small item: the last active day and
 * how many days in a row ended there.
 */

/** The India day of a moment. */
export const dayOf = (at: Date): string => indiaDay(at);

/**
 * The streak as the learner sees it at `at`: it includes today when they were active today, and
 * still stands through today when their last active day was yesterday; otherwise it is over.
 */
export function streakAt(activity: Activity | undefined, at: Date): Streak {
  const today = dayOf(at);
  if (!activity) return { days: 0, today: false };
  if (activity.last_day >= today) return { days: activity.streak_days, today: true };
  if (activity.last_day === addDays(today, -1)) {
    return { days: activity.streak_days, today: false };
  }
  return { days: 0, today: false };
}

/**
 * Counts today (by the clock, India time) as a day the learner was active: a finished lesson or
 * a counted quiz or review answer.
 */
export async function markActive(userId: string): Promise<void> {
  const day = dayOf(now());
  await recordActivity(userId, day, addDays(day, -1));
}
