import { useId, useLayoutEffect, useRef, useState } from 'react';
import { takeBootVideo } from '../../lib/boot.ts';
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
import { useCaptionSize } from './caption-size.ts';
import { currentLocale, useLanguage, useT } from '../../lib/i18n.ts';
import { useDataSaver } from './data-saver.ts';
import { playerKeyDown } from './keys.ts';
import { PlayerMenu } from './player-menu.tsx';
import { createResume } from './resume.ts';
import type { VideoSource } from './source.ts';
import { languageName, useCaptions } from './use-captions.ts';
import { useFullscreen } from './use-fullscreen.ts';
import { usePlayback } from './use-playback.ts';
import { useVideoStream } from './use-video-stream.ts';
import './video-player.css';

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
 * quality menu with each rung's size for this video, data saver, speeds, captions (drawn by the
 * player at the learner's caption size, kept per device), keyboard keys,
 * a tap on the picture to play or pause, and silent renewal of expired access.
 */
export function VideoPlayer(props: VideoPlayerProps) {
  const t = useT();
  const { source } = props;
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const pictureRef = useRef<HTMLDivElement>(null);
  const adoptedRef = useRef(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  const [streamStarted, setStreamStarted] = useState(false);
  const [dataSaver, setDataSaver] = useDataSaver();
  const [resume] = useState(() => createResume(props.startAt, Boolean(props.autoPlay)));
  const stream = useVideoStream(videoRef, source, {
    dataSaver,
    resume,
    onRenew: props.onRenew,
    adopted: adoptedRef,
  });
  const playback = usePlayback(videoRef, resume);
  const [captionSize, setCaptionSize] = useCaptionSize();
  const tracksKey = source.captions.map((c) => c.url).join(' ');
  // Captions in the interface's language when the video has them (a Kannada track for a learner
  // reading Kannada), else its first track.
  const language = useLanguage((s) => s.language);
  const { captionsOn, toggleCaptions, lines } = useCaptions(videoRef, tracksKey, language);
  const { fullscreen, toggleFullscreen } = useFullscreen(boxRef);
  const { paused, time, duration, muted, togglePlay, toggleMute, media } = playback;

  const onKeyDown = playerKeyDown({
    ...playback,
    menuOpen,
    closeMenu: () => setMenuOpen(false),
    toggleFullscreen,
    toggleCaptions,
  });

  // The video's own events, to the latest handlers.
  const handlers: Partial<Record<keyof HTMLVideoElementEventMap, (v: HTMLVideoElement) => void>> = {
    click: togglePlay,
    loadedmetadata: (v) => {
      setStreamStarted(true);
      media.loadedMetadata(v);
    },
    durationchange: (v) => media.durationChange(v),
    play: (v) => {
      media.play();
      props.onPlay?.(v);
    },
    pause: (v) => {
      media.pause();
      if (!stream.renewing()) props.onPause?.(v);
    },
    timeupdate: (v) => {
      media.timeUpdate(v);
      props.onTimeUpdate?.(v);
    },
    ended: (v) => props.onEnded?.(v),
    volumechange: (v) => media.volumeChange(v),
    error: () => stream.onVideoError(),
  };
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  // The element: the one the boot script started playing for this video (issue 30), else a new
  // one. It is made here rather than rendered, so an adopted one plays on without a break.
  useLayoutEffect(() => {
    let video = videoRef.current;
    let started: ReturnType<typeof takeBootVideo>;
    if (!video) {
      started = takeBootVideo(source.hlsUrl);
      adoptedRef.current = Boolean(started);
      video = started?.video ?? document.createElement('video');
      videoRef.current = video;
    }
    // Moved in one task, so an adopted video plays on; the boot script's box and taps go.
    pictureRef.current?.prepend(video);
    started?.settle();
    const el = video;
    const listeners = (Object.keys(handlersRef.current) as (keyof HTMLVideoElementEventMap)[]).map(
      (name) => [name, () => handlersRef.current[name]?.(el)] as const,
    );
    for (const [name, listener] of listeners) video.addEventListener(name, listener);
    if (adoptedRef.current && video.readyState >= 1) {
      // What it already did: its metadata (at its own position), playing or not.
      resume.skip();
      handlersRef.current.loadedmetadata?.(video);
      handlersRef.current.volumechange?.(video);
      handlersRef.current.timeupdate?.(video);
      if (!video.paused) handlersRef.current.play?.(video);
    }
    return () => {
      for (const [name, listener] of listeners) video.removeEventListener(name, listener);
      video.remove();
    };
  }, []);

  const poster = (streamStarted && source.posterUrl) || '';
  const videoLabel = t('player.videoLabel', { title: props.title });
  useLayoutEffect(() => {
    const v = videoRef.current!;
    v.className = 'vp-video';
    v.playsInline = true;
    if (!adoptedRef.current) v.preload = 'metadata';
    v.autoplay = Boolean(props.autoPlay);
    // The poster only once the stream's first data is in (issue 30): it never competes with the
    // playlist and the first segment on a slow link.
    if (poster) v.poster = poster;
    else v.removeAttribute('poster');
    v.width = 640;
    v.height = 360;
    v.setAttribute('aria-label', videoLabel);
  }, [poster, props.autoPlay, videoLabel]);

  // The captions' tracks (drawn by the player: useCaptions reads them), each named in the
  // interface's language ("ಕನ್ನಡ", "Kannada").
  const locale = currentLocale();
  useLayoutEffect(() => {
    const v = videoRef.current!;
    v.querySelectorAll('track').forEach((t) => t.remove());
    for (const c of source.captions) {
      const track = document.createElement('track');
      track.kind = 'subtitles';
      track.src = c.url;
      track.srclang = c.language;
      track.label = languageName(c.language, locale);
      v.appendChild(track);
    }
  }, [tracksKey, locale]);

  return (
    <div
      ref={boxRef}
      className={`vp${props.className ? ` ${props.className}` : ''}${fullscreen ? ' is-fullscreen' : ''}`}
      role="group"
      aria-label={t('player.label', { title: props.title })}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div className="vp-picture" ref={pictureRef}>
        {lines.length > 0 && (
          <div className={`vp-cues is-${captionSize}`} data-testid="captions">
            {lines.map((line, i) => (
              <span key={`${i}-${line}`} className="vp-cue">
                {line}
              </span>
            ))}
          </div>
        )}
        {dataSaver && <span className="vp-badge">{t('player.dataSaverBadge')}</span>}
        {stream.failed && (
          <p className="vp-failed" role="alert">
            {t('player.failed')}
          </p>
        )}
      </div>
      <div className="vp-controls">
        <input
          type="range"
          className="vp-seek"
          aria-label={t('player.seek')}
          min={0}
          max={duration || 0}
          step={1}
          value={Math.min(time, duration || 0)}
          aria-valuetext={t('player.timeOf', { time: clock(time), duration: clock(duration) })}
          onChange={(e) => playback.seekTo(Number(e.currentTarget.value))}
        />
        <div className="vp-bar">
          <button
            type="button"
            className="vp-btn"
            aria-label={paused ? t('player.play') : t('player.pause')}
            onClick={togglePlay}
          >
            {paused ? <PlayIcon /> : <PauseIcon />}
          </button>
          <span className="vp-time">
            {clock(time)}
            <span className="vp-time-total"> / {clock(duration)}</span>
          </span>
          <span className="vp-spacer" />
          <button
            type="button"
            className="vp-btn"
            aria-label={muted ? t('player.unmute') : t('player.mute')}
            onClick={toggleMute}
          >
            {muted ? <MutedIcon /> : <VolumeIcon />}
          </button>
          {source.captions.length > 0 && (
            <button
              type="button"
              className="vp-btn"
              aria-label={t('player.captions')}
              aria-pressed={captionsOn}
              onClick={toggleCaptions}
            >
              <CaptionsIcon />
            </button>
          )}
          <button
            type="button"
            className="vp-btn"
            aria-label={t('player.settings')}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            <SettingsIcon />
          </button>
          <button
            type="button"
            className="vp-btn"
            aria-label={fullscreen ? t('player.exitFullScreen') : t('player.fullScreen')}
            onClick={toggleFullscreen}
          >
            {fullscreen ? <ExitFullscreenIcon /> : <FullscreenIcon />}
          </button>
        </div>
        {menuOpen && (
          <PlayerMenu
            id={menuId}
            levels={stream.levels}
            chosenLevel={stream.chosenLevel}
            playingLevel={stream.playingLevel}
            chooseLevel={stream.chooseLevel}
            renditions={source.renditions}
            speed={playback.speed}
            chooseSpeed={playback.chooseSpeed}
            dataSaver={dataSaver}
            setDataSaver={setDataSaver}
            hasCaptions={source.captions.length > 0}
            captionSize={captionSize}
            setCaptionSize={setCaptionSize}
          />
        )}
      </div>
    </div>
  );
}
