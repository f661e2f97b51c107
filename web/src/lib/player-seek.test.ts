import { afterEach, describe, expect, it, vi } from 'vitest';
import { seekTarget, usePlayerSeek } from './player-seek.ts';

afterEach(() => vi.restoreAllMocks());

describe('seeking the lesson video from elsewhere on the page', () => {
  it('seeks the video inside the player and plays it, until the player leaves the page', () => {
    const box = document.createElement('div');
    const video = document.createElement('video');
    box.append(video);
    const play = vi.spyOn(video, 'play').mockResolvedValue(undefined);

    const cleanup = seekTarget(box);
    usePlayerSeek.getState().seek(134);
    expect(video.currentTime).toBe(134);
    expect(play).toHaveBeenCalledTimes(1);
    // The same time again is a new request (a second click on the same chip).
    video.currentTime = 200;
    usePlayerSeek.getState().seek(134);
    expect(video.currentTime).toBe(134);

    cleanup?.();
    usePlayerSeek.getState().seek(10);
    expect(video.currentTime).toBe(134);
  });
});
