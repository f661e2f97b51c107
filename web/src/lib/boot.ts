/*
 * Adopting what the boot script started (web/src/boot/boot.ts): index.html runs it before the
 * bundle, so on a lesson link the learner's refresh and the lesson read are on their way while
 * the bundle downloads, and on a public page its first catalogue reads. The app takes each request at most once instead of repeating it.
 */
import { BOOT_NAMES, type BootRequests } from './boot-contract.ts';

const left = (): BootRequests | undefined =>
  (globalThis as unknown as Record<string, BootRequests | undefined>)[BOOT_NAMES.global];

/**
 * The boot script's answer to the public read `path` (web/src/boot/page-reads.ts), once (then
 * `undefined`): an answer to read, or `undefined` when the boot script's request failed.
 */
export function takeBootRead(path: string): Promise<Response | undefined> | undefined {
  const reads = left()?.reads;
  const read = reads?.[path];
  if (!reads || !read) return undefined;
  delete reads[path];
  return read;
}

/**
 * The boot script's session refresh, once (then `undefined`): it was made for a learner, under
 * the same Web Lock as every refresh, and its answer is read by the session code alone.
 */
export function takeBootRefresh(role: string): Promise<Response> | undefined {
  const boot = left();
  if (role !== 'learner' || !boot?.refresh) return undefined;
  const { refresh } = boot;
  delete boot.refresh;
  return refresh;
}

/**
 * The boot script's lesson read for `topicId`, once (then `undefined`, as for another topic): an
 * answer to parse, or `undefined` when the boot script could not make it.
 */
export async function takeBootLesson(topicId: string): Promise<Response | undefined> {
  const boot = left();
  if (boot?.topic !== topicId || !boot.lesson) return undefined;
  const { lesson } = boot;
  delete (boot as Partial<BootRequests>).lesson;
  return lesson.catch(() => undefined);
}

/** The box over the lesson's frame that holds the boot script's video (and its play mark). */
function bootBox(video: HTMLVideoElement): HTMLElement | null {
  const box = video.parentElement;
  return box?.dataset[BOOT_NAMES.bootPlayer] !== undefined ? box : null;
}

/**
 * The lesson's video the boot script started in the browser's own HLS player, once, for the
 * player of the same master playlist (`hlsUrl`): the element, still playing where it stands, and
 * `settle`, to call once the player has moved it into its own box (the boot script's goes).
 */
export function takeBootVideo(
  hlsUrl: string | null,
): { video: HTMLVideoElement; settle: () => void } | undefined {
  const boot = left();
  const video = boot?.video;
  if (!video || !hlsUrl || video.dataset.hls !== hlsUrl) return undefined;
  delete boot.video;
  const box = bootBox(video);
  return {
    video,
    settle: () => {
      video.removeAttribute('style');
      video.removeAttribute('tabindex');
      box?.remove();
    },
  };
}

/** Whether a video the boot script started is still waiting for its player. */
export const hasBootVideo = () => Boolean(left()?.video);

/** Stops and removes the boot script's video when no player took it (the page went elsewhere). */
export function dropBootVideo(): void {
  const boot = left();
  const video = boot?.video;
  if (!video) return;
  delete boot.video;
  video.pause();
  (bootBox(video) ?? video).remove();
}
