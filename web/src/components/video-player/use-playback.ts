import { useState, type RefObject } from 'react';
import type { Resume } from './resume.ts';

/** Seconds as the player shows them: 0 for an unknown (infinite) duration. */
const finite = (seconds: number) => (Number.isFinite(seconds) ? seconds : 0);

/**
 * The playback the controls show and steer: playing or paused, the time and duration, mute and
 * speed. `media` are the video element's own events that keep it current; on the metadata,
 * the speed carries over and `resume` applies its start.
 */
export function usePlayback(videoRef: RefObject<HTMLVideoElement | null>, resume: Resume) {
  const [paused, setPaused] = useState(true);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [muted, setMuted] = useState(false);
  const [speed, setSpeed] = useState(1);
  const video = () => videoRef.current;

  return {
    paused,
    time,
    duration,
    muted,
    speed,
    togglePlay: () => {
      const v = video();
      if (!v) return;
      if (v.paused) void v.play().catch(() => undefined);
      else v.pause();
    },
    seekBy: (by: number) => {
      const v = video();
      if (!v) return;
      const end = Number.isFinite(v.duration) ? v.duration : Infinity;
      v.currentTime = Math.min(Math.max(0, v.currentTime + by), end);
    },
    seekTo: (seconds: number) => {
      const v = video();
      if (v) v.currentTime = seconds;
    },
    changeVolume: (by: number) => {
      const v = video();
      if (v) v.volume = Math.min(1, Math.max(0, v.volume + by));
    },
    toggleMute: () => {
      const v = video();
      if (v) v.muted = !v.muted;
    },
    chooseSpeed: (s: number) => {
      setSpeed(s);
      const v = video();
      if (v) v.playbackRate = s;
    },
    media: {
      loadedMetadata: (v: HTMLVideoElement) => {
        setDuration(finite(v.duration));
        v.playbackRate = speed;
        resume.apply(v);
      },
      durationChange: (v: HTMLVideoElement) => setDuration(finite(v.duration)),
      play: () => setPaused(false),
      pause: () => setPaused(true),
      timeUpdate: (v: HTMLVideoElement) => setTime(v.currentTime),
      volumeChange: (v: HTMLVideoElement) => setMuted(v.muted),
    },
  };
}
