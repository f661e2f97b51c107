import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import type HlsType from 'hls.js';
import { PauseIcon, PlayIcon } from '../icons.tsx';
import {
  CaptionsIcon,
  ExitFullscreenIcon,
  FullscreenIcon,
  MutedIcon,
  SettingsIcon,
  VolumeIcon,
} from './player-icons.tsx';
import { clock } from '../../lib/duration.ts';
import { useDataSaver } from './data-saver.ts';
import { keyAction } from './keys.ts';
import { qualityLabel, SPEEDS, speedLabel } from './quality.ts';
import { createRenewal, isExpiredAccess } from './renewal.ts';
import type { VideoSource } from './source.ts';
import { hlsConfig } from './hls-config.ts';
import './video-player.css';

/** Whether the browser plays HLS itself (Safari, iOS): then hls.js is not loaded at all. */
const playsHlsNatively = (v: HTMLVideoElement) =>
  v.canPlayType('application/vnd.apple.mpegurl') !== '' && !('MediaSource' in window);

/** hls.js (its light build: no subtitles or alternate audio, which plain <track>s cover). */
const loadHls = () => import('hls.js/light');

export interface VideoPlayerProps {
  source: VideoSource;
  /** The video's name for assistive technology ("Video: <title>"). */
  title: string;
  autoPlay?: boolean;
  /** Where to start (seconds), e.g. the learner's saved position; applied once per video. */
  startAt?: number;
  className?: string;
  /**
   * Re-reads the record the source came from (fresh cookies or signed URL): called when access
   * expired (HTTP 403); the player then re-attaches at the same position.
   */
  onRenew?: () => Promise<unknown>;
  onPlay?: (v: HTMLVideoElement) => void;
  onPause?: (v: HTMLVideoElement) => void;
  onTimeUpdate?: (v: HTMLVideoElement) => void;
  onEnded?: (v: HTMLVideoElement) => void;
}

/**
 * The one video player of the product: HLS through hls.js (loaded only when an HLS video is on
 * screen; the browser's own HLS where it has it), the MP4 while a video is not transcoded; a
 * quality menu with each rung's size for this video, data saver, speeds, captions, keyboard keys,
 * a tap on the picture to play or pause, and silent renewal of expired access.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const { source } = props;
  const videoRef = useRef<HTMLVideoElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const hlsRef = useRef<HlsType | null>(null);
  const startRef = useRef<number | undefined>(props.startAt);
  const resumePlay = useRef(Boolean(props.autoPlay));
  const propsRef = useRef(props);
  propsRef.current = props;
  const menuId = useId();

  const [attachCount, setAttachCount] = useState(0);
  const [levels, setLevels] = useState<number[]>([]);
  const [chosenLevel, setChosenLevel] = useState(-1);
  const [playingLevel, setPlayingLevel] = useState(-1);
  const [dataSaver, setDataSaver] = useDataSaver();
  const [paused, setPaused] = useState(true);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [muted, setMuted] = useState(false);
  const [speed, setSpeed] = useState(1);
  const [captionsOn, setCaptionsOn] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [failed, setFailed] = useState(false);

  const dataSaverRef = useRef(dataSaver);
  dataSaverRef.current = dataSaver;

  const [renewal] = useState(() =>
    createRenewal({
      renew: () => propsRef.current.onRenew?.() ?? Promise.resolve(),
      position: () => videoRef.current?.currentTime ?? 0,
      reattach: (position) => {
        const v = videoRef.current;
        resumePlay.current = Boolean(v && !v.paused);
        startRef.current = position;
        setAttachCount((n) => n + 1);
      },
    }),
  );

  // Attach the source: hls.js, the browser's HLS, or the MP4.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    setFailed(false);
    setLevels([]);
    const { hlsUrl, mp4Url } = source;
    if (hlsUrl && !playsHlsNatively(video)) {
      void loadHls().then(({ default: Hls, FetchLoader }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          video.src = mp4Url || hlsUrl;
          return;
        }
        const start = startRef.current;
        const hls = new Hls({ ...hlsConfig(FetchLoader), startPosition: start ?? -1 });
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
        hls.on(Hls.Events.ERROR, (_e, d) => {
          if (!d.fatal) return;
          if (propsRef.current.onRenew && renewal.take(isExpiredAccess(d))) return;
          if (d.type === Hls.ErrorTypes.MEDIA_ERROR) {
            hls.recoverMediaError();
            return;
          }
          // Anything else: play the MP4 where there is one, else say it cannot play.
          hls.destroy();
          hlsRef.current = null;
          if (mp4Url) video.src = mp4Url;
          else setFailed(true);
        });
        hls.loadSource(hlsUrl);
        hls.attachMedia(video);
      });
    } else {
      video.src = hlsUrl ?? mp4Url;
    }
    return () => {
      cancelled = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [source.hlsUrl, source.mp4Url, attachCount, renewal]);

  // Data saver keeps the lowest rung; off, the learner's choice (or Auto) applies again.
  useEffect(() => {
    const hls = hlsRef.current;
    if (!hls || !levels.length) return;
    if (dataSaver) {
      // The lowest rung as a manual level (capLevelToPlayerSize rewrites autoLevelCapping).
      hls.autoLevelCapping = 0;
      hls.nextLevel = 0;
    } else {
      hls.autoLevelCapping = -1;
      hls.nextLevel = chosenLevel;
    }
  }, [dataSaver, levels, chosenLevel]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === boxRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const video = () => videoRef.current;
  const togglePlay = () => {
    const v = video();
    if (!v) return;
    if (v.paused) void v.play().catch(() => undefined);
    else v.pause();
  };
  const seekBy = (by: number) => {
    const v = video();
    if (!v) return;
    const end = Number.isFinite(v.duration) ? v.duration : Infinity;
    v.currentTime = Math.min(Math.max(0, v.currentTime + by), end);
  };
  const toggleMute = () => {
    const v = video();
    if (v) v.muted = !v.muted;
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    else void boxRef.current?.requestFullscreen?.().catch(() => undefined);
  };
  const toggleCaptions = () => {
    const v = video();
    if (!v || !v.textTracks.length) return;
    const on = !captionsOn;
    for (const t of Array.from(v.textTracks)) t.mode = 'disabled';
    const first = v.textTracks[0];
    if (on && first) first.mode = 'showing';
    setCaptionsOn(on);
  };
  const chooseLevel = (level: number) => {
    setChosenLevel(level);
    const hls = hlsRef.current;
    // A manual choice switches now (flushing the buffer); Auto lets ABR climb from here.
    if (hls) hls.currentLevel = level;
  };
  const chooseSpeed = (s: number) => {
    setSpeed(s);
    const v = video();
    if (v) v.playbackRate = s;
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && menuOpen) {
      // The menu closes; the dialog around the player (if any) stays open.
      e.stopPropagation();
      e.nativeEvent.stopImmediatePropagation();
      setMenuOpen(false);
      return;
    }
    const action = keyAction(e, e.target);
    if (!action) return;
    e.preventDefault();
    const v = video();
    switch (action.kind) {
      case 'toggle-play':
        return togglePlay();
      case 'seek':
        return seekBy(action.by);
      case 'volume':
        if (v) v.volume = Math.min(1, Math.max(0, v.volume + action.by));
        return;
      case 'mute':
        return toggleMute();
      case 'fullscreen':
        return toggleFullscreen();
      case 'captions':
        return toggleCaptions();
    }
  };

  const el = (e: SyntheticEvent<HTMLVideoElement>) => e.currentTarget;
  const quality = (height: number) => qualityLabel(height, source.renditions);
  const showLevels = levels.length > 1;

  return (
    <div
      ref={boxRef}
      className={`vp${props.className ? ` ${props.className}` : ''}${fullscreen ? ' is-fullscreen' : ''}`}
      role="group"
      aria-label={`Video player: ${props.title}`}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="vp-picture">
        <video
          ref={videoRef}
          className="vp-video"
          playsInline
          preload="metadata"
          autoPlay={props.autoPlay}
          poster={source.posterUrl ?? undefined}
          width={640}
          height={360}
          aria-label={`Video: ${props.title}`}
          onClick={togglePlay}
          onLoadedMetadata={(e) => {
            const v = el(e);
            setDuration(Number.isFinite(v.duration) ? v.duration : 0);
            v.playbackRate = speed;
            const start = startRef.current;
            startRef.current = undefined;
            if (start !== undefined && start > 0 && Math.abs(v.currentTime - start) > 1) {
              v.currentTime = start;
            }
            if (resumePlay.current) void v.play().catch(() => undefined);
            resumePlay.current = false;
          }}
          onDurationChange={(e) => {
            const d = el(e).duration;
            setDuration(Number.isFinite(d) ? d : 0);
          }}
          onPlay={(e) => {
            setPaused(false);
            props.onPlay?.(el(e));
          }}
          onPause={(e) => {
            setPaused(true);
            if (!renewal.running) props.onPause?.(el(e));
          }}
          onTimeUpdate={(e) => {
            setTime(el(e).currentTime);
            props.onTimeUpdate?.(el(e));
          }}
          onEnded={(e) => props.onEnded?.(el(e))}
          onVolumeChange={(e) => setMuted(el(e).muted)}
          onError={(e) => {
            // The MP4's signed URL (or the browser's HLS cookies) expired: renew once, silently.
            if (hlsRef.current || !props.onRenew) return;
            if (!renewal.take(true)) setFailed(true);
            void e;
          }}
        >
          {source.captions.map((c) => (
            <track
              key={c.url}
              kind="subtitles"
              src={c.url}
              srcLang={c.language}
              label={languageName(c.language)}
            />
          ))}
        </video>
        {dataSaver && <span className="vp-badge">Data saver</span>}
        {failed && (
          <p className="vp-failed" role="alert">
            This video cannot play right now. Try again later.
          </p>
        )}
      </div>
      <div className="vp-controls">
        <input
          type="range"
          className="vp-seek"
          aria-label="Seek"
          min={0}
          max={duration || 0}
          step={1}
          value={Math.min(time, duration || 0)}
          aria-valuetext={`${clock(time)} of ${clock(duration)}`}
          onChange={(e) => {
            const v = video();
            if (v) v.currentTime = Number(e.currentTarget.value);
          }}
        />
        <div className="vp-bar">
          <button
            type="button"
            className="vp-btn"
            aria-label={paused ? 'Play' : 'Pause'}
            onClick={togglePlay}
          >
            {paused ? <PlayIcon /> : <PauseIcon />}
          </button>
          <span className="vp-time">
            {clock(time)} / {clock(duration)}
          </span>
          <span className="vp-spacer" />
          <button
            type="button"
            className="vp-btn"
            aria-label={muted ? 'Unmute' : 'Mute'}
            onClick={toggleMute}
          >
            {muted ? <MutedIcon /> : <VolumeIcon />}
          </button>
          {source.captions.length > 0 && (
            <button
              type="button"
              className="vp-btn"
              aria-label="Captions"
              aria-pressed={captionsOn}
              onClick={toggleCaptions}
            >
              <CaptionsIcon />
            </button>
          )}
          <button
            type="button"
            className="vp-btn"
            aria-label="Settings"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <SettingsIcon />
          </button>
          <button
            type="button"
            className="vp-btn"
            aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
            onClick={toggleFullscreen}
          >
            {fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
          </button>
        </div>
        {menuOpen && (
          <div className="vp-menu" id={menuId}>
            {showLevels && (
              <fieldset>
                <legend>Quality</legend>
                <label>
                  <input
                    type="radio"
                    name={`${menuId}-q`}
                    checked={chosenLevel === -1 && !dataSaver}
                    disabled={dataSaver}
                    onChange={() => chooseLevel(-1)}
                  />
                  Auto
                  {chosenLevel === -1 && playingLevel >= 0 && levels[playingLevel] !== undefined
                    ? ` (${levels[playingLevel]}p)`
                    : ''}
                </label>
                {levels.map((h, i) => (
                  <label key={`${h}-${i}`}>
                    <input
                      type="radio"
                      name={`${menuId}-q`}
                      checked={dataSaver ? i === 0 : chosenLevel === i}
                      disabled={dataSaver && i > 0}
                      onChange={() => chooseLevel(i)}
                    />
                    {quality(h)}
                  </label>
                ))}
              </fieldset>
            )}
            <fieldset>
              <legend>Speed</legend>
              <div className="vp-speeds">
                {SPEEDS.map((s) => (
                  <label key={s}>
                    <input
                      type="radio"
                      name={`${menuId}-s`}
                      checked={speed === s}
                      onChange={() => chooseSpeed(s)}
                    />
                    {speedLabel(s)}
                  </label>
                ))}
              </div>
            </fieldset>
            <label className="vp-switch">
              <input
                type="checkbox"
                checked={dataSaver}
                onChange={(e) => setDataSaver(e.currentTarget.checked)}
              />
              Data saver (lowest quality)
            </label>
          </div>
        )}
      </div>
    </div>
  );
}

const languages = new Intl.DisplayNames(['en'], { type: 'language' });

/** "en" → "English"; an unknown code shows as it is. */
export function languageName(code: string): string {
  try {
    return languages.of(code) ?? code;
  } catch {
    return code;
  }
}
