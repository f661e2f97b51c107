/**
 * The time that spaced review and streaks read (issue 31).
 *
 * In AWS this is the system clock. The local stack can move it forward
 * (`POST /api/local/clock`, a `localOnly` route that is never deployed), so a test, or a person
 * trying the product, sees tomorrow's review queue today. The offset lives in this module, so it
 * is process-wide: every handler of the local stack (one process) reads the same time. It only
 * ever moves forward, so nothing scheduled is ever seen to move back.
 */

const DAY_MS = 86_400_000;

let offsetDays = 0;

/** Now, as scheduling and streaks see it. */
export const now = (): Date => new Date(Date.now() + offsetDays * DAY_MS);

/** How many days the clock has been moved forward (0 unless the local stack moved it). */
export const clockOffsetDays = (): number => offsetDays;

/** Moves the clock `days` forward (the local stack's clock route only) and answers the new time. */
export function advanceClock(days: number): Date {
  offsetDays += days;
  return now();
}
