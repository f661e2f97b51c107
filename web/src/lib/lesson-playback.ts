import { create } from 'zustand';

/*
 * Whether a lesson's video is playing right now (issue 32, item 1): the app's update prompt
 * waits while it is, so a new version never interrupts a lesson. The lesson's player sets it
 * (web/src/features/learning/lesson-player.tsx); leaving the page clears it.
 */

interface LessonPlayback {
  playing: boolean;
  setPlaying(playing: boolean): void;
}

export const useLessonPlayback = create<LessonPlayback>()((set) => ({
  playing: false,
  setPlaying: (playing) => set({ playing }),
}));
