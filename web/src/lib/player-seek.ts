import { create } from 'zustand';

/**
 * A request to seek the lesson's video (the AI teacher's "Video 02:14" citation): the chat asks,
 * the lesson player applies it. `nonce` makes the same time asked twice a new request.
 */
interface PlayerSeek {
  request: { seconds: number; nonce: number } | null;
  seek(seconds: number): void;
}

export const usePlayerSeek = create<PlayerSeek>((set) => ({
  request: null,
  seek: (seconds) =>
    set((s) => ({
      request: { seconds: Math.max(0, seconds), nonce: (s.request?.nonce ?? 0) + 1 },
    })),
}));

/** Seeks the video inside `box` to the time and plays it, bringing the player into view. */
function apply(box: HTMLElement, seconds: number) {
  const video = box.querySelector('video');
  if (!video) return;
  video.currentTime = seconds;
  box.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  void video.play()?.catch(() => undefined);
}

/**
 * The lesson player's one line: `<div className="player-wrap" ref={seekTarget}>`. A ref callback
 * (React 19 runs the cleanup it returns), so it needs no hook and works under early returns; it
 * applies every seek request made while the player is on screen.
 */
export function seekTarget(box: HTMLElement | null) {
  if (!box) return;
  return usePlayerSeek.subscribe((s, before) => {
    if (s.request && s.request !== before.request) apply(box, s.request.seconds);
  });
}
