import { MAX_DURATION_SECONDS } from '@gia/shared/catalogue.ts';

/** The form field a chosen video's length fills in. */
export const DURATION_FIELD = 'duration_seconds';

/** How long the browser may take to read a file's metadata before the field is left alone. */
const METADATA_WAIT_MS = 15_000;

/**
 * A video file's length in whole seconds, read by the browser from the file's metadata (a
 * `<video>` element's `loadedmetadata` on an object URL, nothing uploaded): `undefined` when the
 * browser cannot play the file or cannot tell its length.
 */
export function videoFileDuration(file: Blob): Promise<number | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const done = (seconds: number | undefined) => {
      clearTimeout(timer);
      video.onloadedmetadata = null;
      video.onerror = null;
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = setTimeout(() => done(undefined), METADATA_WAIT_MS);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      const d = video.duration;
      done(
        Number.isFinite(d) && d >= 0 ? Math.min(Math.round(d), MAX_DURATION_SECONDS) : undefined,
      );
    };
    video.onerror = () => done(undefined);
    video.src = url;
  });
}

/**
 * When a video file is chosen in a form that has a duration field, fills that field with the
 * video's length (the admin can still correct it).
 */
export async function fillDurationFromVideo(
  fields: readonly { name: string }[],
  field: { upload?: { kind: string } },
  value: unknown,
  setValue: (name: string, value: unknown) => void,
): Promise<void> {
  if (field.upload?.kind !== 'video' || !(value instanceof Blob)) return;
  if (!fields.some((f) => f.name === DURATION_FIELD)) return;
  const seconds = await videoFileDuration(value);
  if (seconds !== undefined) setValue(DURATION_FIELD, seconds);
}
