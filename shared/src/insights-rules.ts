import { registerMessages } from './message-codes.ts';
/*
 * The rules of insights (issue 18) that the functions recording events need without the schemas:
 * the India day of a moment, the tenth of a video a position is in, the range limits.
 */

export const INSIGHTS_LIMITS = {
  /** The longest range `getInsights` answers, in days (both ends included). */
  maxDays: 366,
  /** How many subjects and coupons the range's top lists hold. */
  top: 10,
} as const;

export const INSIGHTS_MESSAGES = {
  loaded: 'Insights loaded.',
  dropoffLoaded: 'Topic drop-off loaded.',
  dateFormat: 'from and to must be dates written YYYY-MM-DD.',
  rangeOrder: 'to must be the same day as from or a later one.',
  rangeTooLong: `Choose a range of at most ${INSIGHTS_LIMITS.maxDays} days.`,
  topicNotFound: 'Topic not found.',
} as const;

/**
 * A calendar date `YYYY-MM-DD` that exists. 2026-02-30 does not (it would roll over to March);
 * nor do 2024-13-45 or 2026-00-10, which are no date at all (an invalid `Date`, so never
 * `toISOString()` on them: it throws).
 */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const time = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v;
}

/** Days from `from` to `to`, both included (1 for the same day). */
export const daysInRange = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** India time is UTC+5:30 all year (no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60_000;

/** The day (`YYYY-MM-DD`, India time) of an ISO moment. */
export const indiaDay = (iso: string | Date): string =>
  new Date(new Date(iso).getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);

/** The date `days` after (or before, when negative) a `YYYY-MM-DD` date. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The tenth of a video (0–9) a position falls in; undefined when the duration is unknown. */
export function tenthOf(positionSeconds: number, durationSeconds: number): number | undefined {
  if (!(durationSeconds > 0) || !(positionSeconds >= 0)) return undefined;
  return Math.min(9, Math.floor((positionSeconds / durationSeconds) * 10));
}

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('insights', INSIGHTS_MESSAGES, true);
