/*
 * A moment of a video as the learner reads it: the AI teacher's citations and search results
 * ("Video 02:14") name it alike. No messages here, so a screen may use it without a catalogue part.
 */

/** A video time as the player shows it: 02:14, or 1:02:14 past the hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`;
}
