/**
 * Where the next attach of a video starts and whether it plays on: first the learner's saved
 * position (once per video) and autoplay, then the place a renewal re-attached at.
 */
export function createResume(startAt: number | undefined, autoPlay: boolean) {
  let start = startAt;
  let playOn = autoPlay;
  return {
    /** The position to start at (seconds), until the video's metadata has applied it. */
    get start() {
      return start;
    },
    /** Starts the next attach at `position`, playing on when the video was playing. */
    hold(position: number, playing: boolean) {
      playOn = playing;
      start = position;
    },
    /** Forgets the start and autoplay: the video already plays where it should (adopted). */
    skip() {
      start = undefined;
      playOn = false;
    },
    /** On the video's metadata: seeks to the start (once, when not already there) and plays on. */
    apply(v: HTMLVideoElement) {
      const at = start;
      start = undefined;
      if (at !== undefined && at > 0 && Math.abs(v.currentTime - at) > 1) v.currentTime = at;
      if (playOn) void v.play().catch(() => undefined);
      playOn = false;
    },
  };
}

export type Resume = ReturnType<typeof createResume>;
