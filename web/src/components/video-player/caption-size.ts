import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The caption sizes a learner may choose (`label`: the catalogue id of its name), with their size
 * on a phone-wide (360 px) player; a wider player scales them up (video-player.css,
 * `.vp-cues.is-*`).
 */
export const CAPTION_SIZES = [
  { id: 'small', label: 'player.captionSmall', phonePx: 16 },
  { id: 'medium', label: 'player.captionMedium', phonePx: 20 },
  { id: 'large', label: 'player.captionLarge', phonePx: 24 },
] as const;
export type CaptionSize = (typeof CAPTION_SIZES)[number]['id'];

/** The size when the learner never chose: readable on a phone without covering the picture. */
export const DEFAULT_CAPTION_SIZE: CaptionSize = 'medium';

const isCaptionSize = (value: unknown): value is CaptionSize =>
  CAPTION_SIZES.some((s) => s.id === value);

interface CaptionSizeState {
  size: CaptionSize;
  set(size: CaptionSize): void;
}

/** The learner's caption size, persisted per device (localStorage), like data saver. */
export const useCaptionSizeStore = create<CaptionSizeState>()(
  persist(
    (set) => ({
      size: DEFAULT_CAPTION_SIZE,
      set: (size) => set({ size }),
    }),
    {
      name: 'gia.video.caption-size',
      storage: createJSONStorage(() => localStorage),
      // A stored value this version does not know (edited, or from a later one) reads as the default.
      merge: (stored, current) => {
        const size = (stored as { size?: unknown } | undefined)?.size;
        return { ...current, size: isCaptionSize(size) ? size : DEFAULT_CAPTION_SIZE };
      },
    },
  ),
);

/** The caption size on this device, and its setter. */
export function useCaptionSize(): [CaptionSize, (size: CaptionSize) => void] {
  return [useCaptionSizeStore((s) => s.size), useCaptionSizeStore((s) => s.set)];
}
