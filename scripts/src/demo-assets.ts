/**
 * What the seed knows about its demo media (scripts/assets): the sample lesson's length, so every
 * demo topic shows a real duration without reading the video (ffprobe is not on every machine).
 * A unit test reads the length from the file itself, so the two cannot drift apart.
 */
export const SAMPLE_LESSON_SECONDS = 6;

/** The demo lesson's length: 60 s, or `GIA_DEMO_LESSON_SECONDS` (tests keep it short). */
export function demoLessonSeconds(): number {
  const fallback = process.env.VITEST ? 4 : 60;
  const wanted = Number(process.env.GIA_DEMO_LESSON_SECONDS ?? fallback);
  return Number.isFinite(wanted) && wanted >= 0 ? Math.min(Math.round(wanted), 300) : fallback;
}

/**
 * A title as drawtext reads it inside single quotes: a quote cannot be escaped there, so it
 * becomes a typographic one; drawtext's own `\\`, `:` and `%` are escaped.
 */
const drawtextText = (text: string) => text.replace(/'/g, '’').replace(/[\\:%]/g, (c) => `\\${c}`);

/**
 * ffmpeg's arguments for the demo lesson (issue 15): 720p at 30 fps, moving test content with
 * the lesson's title and a running timer, and speech-like audio (a pulsing tone shaped by a
 * tremolo and a band-pass), H.264 + AAC with the index first (`+faststart`). Generated, so no
 * large video sits in git.
 */
export function demoLessonArgs(title: string, seconds: number, file: string): string[] {
  const text = drawtextText(title);
  const box = 'fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=12:x=(w-tw)/2';
  return [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=180:beep_factor=6:duration=${seconds}`],
    '-filter_complex',
    `[0:v]drawtext=text='${text}':fontsize=56:${box}:y=60,` +
      `drawtext=text='%{pts\\:hms}':fontsize=40:${box}:y=h-100[v];` +
      '[1:a]tremolo=f=4:d=0.8,bandpass=f=600:width_type=h:w=900[a]',
    ...['-map', '[v]', '-map', '[a]'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-r', '30'],
    ...['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', file],
  ];
}
