import { t } from './i18n.ts';

/** A lesson's length as the player shows it: `m:ss`, or `h:mm:ss` past an hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A course's total length in words: "45 sec", "12 min", "1 h 5 min". */
export function totalLength(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return t('lesson.lengthSeconds', { s });
  const minutes = Math.round(s / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!h) return t('lesson.lengthMinutes', { m });
  return m ? t('lesson.lengthHoursMinutes', { h, m }) : t('lesson.lengthHours', { h });
}

/** "1 lesson", "12 lessons". */
export const lessons = (n: number) => t('lesson.count', { count: n });

/** The length fields a topic may carry: the transcoder's measure, else the admin's. */
export interface TopicLengthFields {
  video_duration_seconds?: number | null;
  duration_seconds?: number | null;
}

/** A topic's length in seconds: the transcoded video's, else the recorded one; null if unknown. */
export const topicLength = (t: TopicLengthFields): number | null =>
  t.video_duration_seconds ?? t.duration_seconds ?? null;

/** A list's total: "12 lessons · 1 h 5 min" (the length only when some topic's is known). */
export function lessonsTotal(topics: readonly TopicLengthFields[]): string {
  const known = topics.map(topicLength).filter((s): s is number => s !== null);
  const total = known.reduce((a, b) => a + b, 0);
  return known.length
    ? `${lessons(topics.length)} · ${totalLength(total)}`
    : lessons(topics.length);
}
