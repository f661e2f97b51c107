import { describe, expect, it, vi } from 'vitest';
import { createResume } from './resume.ts';

/** A stand-in for the video element: its position and whether play() was asked. */
const videoAt = (currentTime: number) => {
  const play = vi.fn(() => Promise.resolve());
  return { v: { currentTime, play } as unknown as HTMLVideoElement, play };
};

describe('where a video resumes', () => {
  it('starts once at the saved position, then no more', () => {
    // Given a saved position of 90 s
    const resume = createResume(90, false);
    const first = videoAt(0);
    // When the metadata arrives twice
    resume.apply(first.v);
    const again = videoAt(12);
    resume.apply(again.v);
    // Then only the first seeks, and nothing plays
    expect(first.v.currentTime).toBe(90);
    expect(again.v.currentTime).toBe(12);
    expect(first.play).not.toHaveBeenCalled();
    expect(resume.start).toBeUndefined();
  });

  it('does not seek for a position within a second of where the video already is', () => {
    const { v } = videoAt(89.5);
    createResume(90, false).apply(v);
    expect(v.currentTime).toBe(89.5);
  });

  it('plays on after a re-attach of a playing video, at the held position', () => {
    const resume = createResume(undefined, false);
    resume.hold(61, true);
    expect(resume.start).toBe(61);
    const { v, play } = videoAt(0);
    resume.apply(v);
    expect(v.currentTime).toBe(61);
    expect(play).toHaveBeenCalledOnce();
  });

  it('autoplays the first attach only', () => {
    const resume = createResume(undefined, true);
    const first = videoAt(0);
    resume.apply(first.v);
    const second = videoAt(0);
    resume.apply(second.v);
    expect(first.play).toHaveBeenCalledOnce();
    expect(second.play).not.toHaveBeenCalled();
  });
});
