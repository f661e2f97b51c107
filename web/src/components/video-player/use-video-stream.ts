import { useEffect, useRef, useState, type RefObject } from 'react';
import type HlsType from 'hls.js';
import { hasBootVideo } from '../../lib/boot.ts';
import { hlsConfig, rungCap } from './hls-config.ts';
import { keepEstimate, startEstimate } from './link-estimate.ts';
import { createRenewal, isExpiredAccess } from './renewal.ts';
import type { Resume } from './resume.ts';
import type { VideoSource } from './source.ts';

/** Whether the browser plays HLS itself (Safari, iOS): then hls.js is not loaded at all. */
const playsHlsNatively = (v: HTMLVideoElement) =>
  v.canPlayType('application/vnd.apple.mpegurl') !== '' && !('MediaSource' in window);

/**
 * What identifies a video's stream: its playlist, and its MP4 without the signature. A re-read
 * of the same lesson signs the MP4 anew (a payment, a language change); that is the same video,
 * and re-attaching it would throw the learner back to where it started.
 */
export const streamKey = (source: VideoSource) =>
  `${source.hlsUrl ?? ''} ${source.mp4Url.split('?')[0] ?? ''}`;

/** hls.js (its light build: no subtitles or alternate audio, which plain <track>s cover). */
const loadHls = () => import('hls.js/light');

/**
 * Starts downloading hls.js before a player needs it (the lesson page, whose videos are HLS), where
 * the browser would use it: with Media Source Extensions and no HLS of its own.
 */
export function preloadHls(): void {
  // The lesson already plays in the browser's own HLS player (the boot script started it).
  if (hasBootVideo()) return;
  const video = document.createElement('video');
  if ('MediaSource' in window && !playsHlsNatively(video)) void loadHls().catch(() => undefined);
}

/**
 * The video's stream: hls.js (loaded only for an HLS video, and not where the browser plays HLS
 * itself), the browser's HLS, or the MP4; its quality ladder (the learner's choice, or the lowest
 * rung with data saver); the MP4 when HLS fails; and silent renewal of expired access, which
 * re-attaches where `resume` holds the position.
 */
export function useVideoStream(
  videoRef: RefObject<HTMLVideoElement | null>,
  source: VideoSource,
  opts: {
    dataSaver: boolean;
    resume: Resume;
    onRenew?: () => Promise<unknown>;
    /**
     * Whether the element came playing from the boot script (the browser's own HLS, one
     * rendition): it plays on as it is until the learner changes the quality or data saver, or
     * its access is renewed; the player then attaches the whole ladder at the same place.
     */
    adopted: RefObject<boolean>;
  },
) {
  const { resume } = opts;
  // The newest signed URLs, for an attach (a renewal's) or the MP4 fallback.
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const hlsRef = useRef<HlsType | null>(null);
  const onRenewRef = useRef(opts.onRenew);
  onRenewRef.current = opts.onRenew;
  const dataSaverRef = useRef(opts.dataSaver);
  dataSaverRef.current = opts.dataSaver;

  const [attachCount, setAttachCount] = useState(0);
  const [levels, setLevels] = useState<number[]>([]);
  const [chosenLevel, setChosenLevel] = useState(-1);
  const [playingLevel, setPlayingLevel] = useState(-1);
  const [failed, setFailed] = useState(false);

  const [renewal] = useState(() =>
    createRenewal({
      renew: () => onRenewRef.current?.() ?? Promise.resolve(),
      position: () => videoRef.current?.currentTime ?? 0,
      reattach: (position) => {
        const v = videoRef.current;
        resume.hold(position, Boolean(v && !v.paused));
        setAttachCount((n) => n + 1);
      },
    }),
  );

  // Attach the source: hls.js, the browser's HLS, or the MP4.
  const key = streamKey(source);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    setFailed(false);
    if (opts.adopted.current) {
      // The ladder as the lesson gives it; the boot script's rung is the one playing.
      const heights = source.renditions.map((r) => r.height);
      setLevels(heights);
      setPlayingLevel(heights.indexOf(Number(video.dataset.rung)));
      return;
    }
    let cancelled = false;
    setLevels([]);
    const { hlsUrl } = sourceRef.current;
    const mp4Url = () => sourceRef.current.mp4Url;
    if (hlsUrl && !playsHlsNatively(video)) {
      void loadHls().then(({ default: Hls, FetchLoader }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          video.src = mp4Url() || hlsUrl;
          return;
        }
        const start = resume.start;
        const estimate = startEstimate(window.localStorage, navigator);
        const hls = new Hls({ ...hlsConfig(FetchLoader, estimate), startPosition: start ?? -1 });
        hlsRef.current = hls;
        hls.on(Hls.Events.MANIFEST_PARSED, (_e, d) => {
          setLevels(d.levels.map((l) => l.height));
          if (dataSaverRef.current) {
            // A manual level, not only a cap: capLevelToPlayerSize rewrites autoLevelCapping.
            hls.autoLevelCapping = 0;
            hls.loadLevel = 0;
          }
        });
        hls.on(Hls.Events.LEVEL_SWITCHED, (_e, d) => setPlayingLevel(d.level));
        // The link's speed as measured, for the next session's start.
        hls.on(Hls.Events.FRAG_BUFFERED, () =>
          keepEstimate(window.localStorage, hls.bandwidthEstimate),
        );
        hls.on(Hls.Events.ERROR, (_e, d) => {
          if (!d.fatal) return;
          if (onRenewRef.current && renewal.take(isExpiredAccess(d))) return;
          if (d.type === Hls.ErrorTypes.MEDIA_ERROR) {
            hls.recoverMediaError();
            return;
          }
          // Anything else: play the MP4 where there is one, else say it cannot play.
          hls.destroy();
          hlsRef.current = null;
          if (mp4Url()) video.src = mp4Url();
          else setFailed(true);
        });
        hls.loadSource(hlsUrl);
        hls.attachMedia(video);
      });
    } else {
      video.src = hlsUrl ?? mp4Url();
    }
    return () => {
      cancelled = true;
      // Attached again (the video transcoded while it played its MP4, a renewal): on from where
      // the learner is, playing if it played. A renewal has said where; a start not yet applied
      // (no metadata yet) stays.
      if (video.currentTime > 0 && resume.start === undefined) {
        resume.hold(video.currentTime, !video.paused);
      }
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [key, attachCount, renewal]);

  /** Leaves the boot script's single rendition for the whole ladder, where the video is. */
  const leaveAdopted = () => {
    const v = videoRef.current;
    if (!opts.adopted.current || !v) return false;
    opts.adopted.current = false;
    resume.hold(v.currentTime, !v.paused);
    setAttachCount((n) => n + 1);
    return true;
  };
  const dataSaverSeen = useRef(opts.dataSaver);

  // Data saver keeps the lowest rung; off, the learner's choice (or Auto) applies again.
  useEffect(() => {
    if (dataSaverSeen.current !== opts.dataSaver) {
      dataSaverSeen.current = opts.dataSaver;
      if (leaveAdopted()) return;
    }
    const hls = hlsRef.current;
    if (!hls || !levels.length) return;
    if (opts.dataSaver) {
      // The lowest rung as a manual level (capLevelToPlayerSize rewrites autoLevelCapping).
      hls.autoLevelCapping = 0;
      hls.nextLevel = 0;
    } else {
      // Data saver's cap, if it set one, gives way to the player's size again (hls.js itself
      // re-applies that only when the size changes); a cap hls.js set is left alone.
      if (hls.autoLevelCapping === 0) {
        const video = videoRef.current;
        hls.autoLevelCapping = video
          ? rungCap(
              hls.levels,
              { width: video.clientWidth, height: video.clientHeight },
              window.devicePixelRatio,
            )
          : -1;
      }
      hls.nextLevel = chosenLevel;
    }
  }, [opts.dataSaver, levels, chosenLevel]);

  return {
    /** The heights of the ladder's rungs (empty until hls.js parsed the manifest). */
    levels,
    /** The learner's rung (-1: Auto), and the one playing. */
    chosenLevel,
    playingLevel,
    failed,
    /** Whether a renewal is under way (a pause meanwhile is not the learner's). */
    renewing: () => renewal.running,
    chooseLevel: (level: number) => {
      setChosenLevel(level);
      if (leaveAdopted()) return;
      const hls = hlsRef.current;
      // A manual choice switches now (flushing the buffer); Auto lets ABR climb from here.
      if (hls) hls.currentLevel = level;
    },
    /** The video element failed: the MP4's signed URL (or the browser's HLS cookies) expired. */
    onVideoError: () => {
      // Renewed once, silently (the boot script's video too: then with the whole ladder).
      if (hlsRef.current || !onRenewRef.current) return;
      opts.adopted.current = false;
      if (!renewal.take(true)) setFailed(true);
    },
  };
}
