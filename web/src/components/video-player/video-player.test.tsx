import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCaptionSizeStore } from './caption-size.ts';
import { useDataSaverStore } from './data-saver.ts';
import type { VideoSource } from './source.ts';
import { videoSourceOf } from './source.ts';
import { ESTIMATE_KEY } from './link-estimate.ts';
import { VideoPlayer } from './video-player.tsx';
import { chooseLanguage } from '../../lib/i18n.ts';

/** A stand-in for hls.js: records what the player asks of it and lets a test raise its events. */
const made: FakeHls[] = [];
class FakeHls {
  static Events = { MANIFEST_PARSED: 'parsed', LEVEL_SWITCHED: 'switched', ERROR: 'error' };
  static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' };
  static isSupported = () => true;
  handlers = new Map<string, (e: string, d: unknown) => void>();
  autoLevelCapping = -1;
  startLevel = -1;
  currentLevel = -1;
  nextLevel = -1;
  loadLevel = -1;
  url = '';
  destroyed = false;
  constructor(public config: Record<string, unknown>) {
    made.push(this);
  }
  on(e: string, h: (e: string, d: unknown) => void) {
    this.handlers.set(e, h);
  }
  emit(e: string, d: unknown) {
    act(() => this.handlers.get(e)?.(e, d));
  }
  loadSource(url: string) {
    this.url = url;
  }
  attachMedia() {}
  recoverMediaError() {}
  destroy() {
    this.destroyed = true;
  }
}
class FakeFetchLoader {
  load() {}
}
vi.mock('hls.js/light', () => ({ default: FakeHls, FetchLoader: FakeFetchLoader }));

const hlsSource: VideoSource = videoSourceOf({
  video_url: '/media/private/videos/01-a.mp4?sig=x',
  video_status: 'ready',
  video_hls_url: '/media/private/hls/01-a/master.m3u8',
  video_poster_url: '/media/private/hls/01-a/poster.jpg',
  video_renditions: [
    { height: 360, bitrate_kbps: 400, bytes: 28_400_000 },
    { height: 234, bitrate_kbps: 150, bytes: 11_200_000 },
  ],
  captions: [{ language: 'en', url: '/media/private/captions/01-a.vtt?sig=y' }],
});
const parsed = () => made[0]?.emit('parsed', { levels: [{ height: 234 }, { height: 360 }] });

beforeEach(() => {
  made.length = 0;
  useDataSaverStore.setState({ choice: false });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  useDataSaverStore.setState({ choice: null });
  useCaptionSizeStore.setState({ size: 'medium' });
  localStorage.clear();
});

/** A stand-in for the video's text tracks (jsdom has none): one track whose cues a test sets. */
class FakeTrack extends EventTarget {
  constructor(public language = 'en') {
    super();
  }
  mode: TextTrackMode = 'disabled';
  activeCues: { text: string }[] = [];
  cues(...texts: string[]) {
    this.activeCues = texts.map((text) => ({ text }));
    act(() => void this.dispatchEvent(new Event('cuechange')));
  }
}
function fakeTextTracks(): FakeTrack {
  const track = new FakeTrack();
  const list = Object.assign(new EventTarget(), { 0: track, length: 1 });
  vi.spyOn(HTMLMediaElement.prototype, 'textTracks', 'get').mockReturnValue(
    list as unknown as TextTrackList,
  );
  return track;
}

/** The video's text tracks in these languages, in this order. */
function fakeTracksIn(...languages: string[]): FakeTrack[] {
  const tracks = languages.map((l) => new FakeTrack(l));
  const list = Object.assign(new EventTarget(), { ...tracks, length: tracks.length });
  vi.spyOn(HTMLMediaElement.prototype, 'textTracks', 'get').mockReturnValue(
    list as unknown as TextTrackList,
  );
  return tracks;
}

describe('the video player', () => {
  it('plays the MP4 while the video is not transcoded, without loading hls.js', () => {
    render(
      <VideoPlayer
        source={videoSourceOf({ video_url: '/media/v.mp4?sig=1', video_status: 'processing' })}
        title="Algebra"
      />,
    );
    const video = screen.getByLabelText<HTMLVideoElement>('Video: Algebra');
    expect(video.getAttribute('src') ?? video.src).toContain('/media/v.mp4?sig=1');
    expect(made).toHaveLength(0);
  });

  it('streams HLS through hls.js from a slow link’s estimate when the link is unknown, with the poster and a captions track', async () => {
    const { container } = render(<VideoPlayer source={hlsSource} title="Algebra" />);
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0]?.url).toBe('/media/private/hls/01-a/master.m3u8');
    // jsdom reports no connection and nothing was measured before: the 234p rung's bitrate.
    expect(made[0]?.config).toMatchObject({
      startLevel: -1,
      abrEwmaDefaultEstimate: 150_000,
      capLevelToPlayerSize: true,
      maxDevicePixelRatio: 1.5,
      progressive: true,
    });
    const video = screen.getByLabelText<HTMLVideoElement>('Video: Algebra');
    // The poster waits for the stream's first data, so it never competes with the first segment.
    expect(video.getAttribute('poster')).toBeNull();
    fireEvent.loadedMetadata(video);
    expect(video.getAttribute('poster')).toBe('/media/private/hls/01-a/poster.jpg');
    const track = container.querySelector('track');
    expect(track?.getAttribute('kind')).toBe('subtitles');
    expect(track?.getAttribute('srclang')).toBe('en');
    expect(track?.getAttribute('label')).toBe('English');
  });

  it('starts from the link speed this device measured last time', async () => {
    localStorage.setItem(ESTIMATE_KEY, JSON.stringify({ bps: 1_234_000, at: Date.now() }));
    render(<VideoPlayer source={hlsSource} title="Algebra" />);
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0]?.config).toMatchObject({ abrEwmaDefaultEstimate: 1_234_000 });
    localStorage.removeItem(ESTIMATE_KEY);
  });

  it('lists Auto and each rung with its size, and a choice switches the level', async () => {
    render(<VideoPlayer source={hlsSource} title="Algebra" />);
    await waitFor(() => expect(made).toHaveLength(1));
    parsed();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /^Auto/ }).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Low · 234p · 11 MB' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Medium · 360p · 28 MB' }));
    expect(made[0]?.currentLevel).toBe(1);
  });

  it('with data saver, keeps the lowest rung and says so', async () => {
    useDataSaverStore.setState({ choice: true });
    render(<VideoPlayer source={hlsSource} title="Algebra" />);
    await waitFor(() => expect(made).toHaveLength(1));
    parsed();
    expect(made[0]?.autoLevelCapping).toBe(0);
    expect(made[0]?.nextLevel).toBe(0);
    expect(screen.getByText('Data saver')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: 'Medium · 360p · 28 MB' }).disabled,
    ).toBe(true);
    // Turned off in the menu: the ladder is open again.
    fireEvent.click(screen.getByRole('checkbox', { name: /Data saver/ }));
    expect(made[0]?.autoLevelCapping).toBe(-1);
    expect(made[0]?.nextLevel).toBe(-1);
    expect(useDataSaverStore.getState().choice).toBe(false);
  });

  it('answers the keys when it has focus: K plays and pauses, M mutes, L seeks', async () => {
    render(<VideoPlayer source={hlsSource} title="Algebra" />);
    const box = screen.getByRole('group', { name: 'Video player: Algebra' });
    const video = screen.getByLabelText<HTMLVideoElement>('Video: Algebra');
    fireEvent.keyDown(box, { key: 'k' });
    expect(video.paused).toBe(false);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    fireEvent.keyDown(box, { key: ' ' });
    expect(video.paused).toBe(true);
    fireEvent.keyDown(box, { key: 'm' });
    expect(video.muted).toBe(true);
    fireEvent.keyDown(box, { key: 'l' });
    expect(video.currentTime).toBe(10);
  });

  it('a tap on the picture plays and pauses', () => {
    render(<VideoPlayer source={hlsSource} title="Algebra" />);
    const video = screen.getByLabelText<HTMLVideoElement>('Video: Algebra');
    fireEvent.click(video);
    expect(video.paused).toBe(false);
    fireEvent.click(video);
    expect(video.paused).toBe(true);
  });

  it('renews expired access (403) silently and re-attaches at the same position', async () => {
    const onRenew = vi.fn(async () => undefined);
    render(<VideoPlayer source={hlsSource} title="Algebra" onRenew={onRenew} />);
    await waitFor(() => expect(made).toHaveLength(1));
    const video = screen.getByLabelText<HTMLVideoElement>('Video: Algebra');
    video.currentTime = 61;
    made[0]?.emit('error', { fatal: true, type: 'networkError', response: { code: 403 } });
    await waitFor(() => expect(made).toHaveLength(2));
    expect(onRenew).toHaveBeenCalledOnce();
    expect(made[0]?.destroyed).toBe(true);
    expect(made[1]?.config).toMatchObject({ startPosition: 61 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('plays on where it is when the lesson is read again and its MP4 signed anew', async () => {
    const { rerender } = render(<VideoPlayer source={hlsSource} title="Algebra" />);
    await waitFor(() => expect(made).toHaveLength(1));
    const resigned = { ...hlsSource, mp4Url: '/media/private/videos/01-a.mp4?sig=z' };
    rerender(<VideoPlayer source={resigned} title="Algebra" />);
    rerender(<VideoPlayer source={{ ...resigned }} title="Algebra" />);
    expect(made).toHaveLength(1);
    expect(made[0]?.destroyed).toBe(false);
    // Its fallback is the newest signature.
    made[0]?.emit('error', { fatal: true, type: 'networkError', response: { code: 500 } });
    const video = screen.getByLabelText<HTMLVideoElement>('Video: Algebra');
    expect(video.src).toContain('/media/private/videos/01-a.mp4?sig=z');
  });

  it('goes on where the learner is when the video it plays as MP4 is transcoded meanwhile', async () => {
    const mp4 = videoSourceOf({
      video_url: '/media/private/videos/01-a.mp4?sig=1',
      video_status: 'processing',
    });
    const { rerender } = render(<VideoPlayer source={mp4} title="Algebra" />);
    const video = screen.getByLabelText<HTMLVideoElement>('Video: Algebra');
    await act(() => video.play());
    video.currentTime = 42;
    rerender(<VideoPlayer source={hlsSource} title="Algebra" />);
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0]?.config).toMatchObject({ startPosition: 42 });
  });

  it('an MP4 signed anew plays on; another video is attached', () => {
    const mp4 = (url: string) => videoSourceOf({ video_url: url, video_status: 'processing' });
    const { rerender } = render(<VideoPlayer source={mp4('/media/v.mp4?sig=1')} title="Algebra" />);
    const video = screen.getByLabelText<HTMLVideoElement>('Video: Algebra');
    rerender(<VideoPlayer source={mp4('/media/v.mp4?sig=2')} title="Algebra" />);
    expect(video.src).toContain('/media/v.mp4?sig=1');
    rerender(<VideoPlayer source={mp4('/media/w.mp4?sig=3')} title="Algebra" />);
    expect(video.src).toContain('/media/w.mp4?sig=3');
  });

  it('falls back to the MP4 when HLS fails for another reason', async () => {
    render(<VideoPlayer source={hlsSource} title="Algebra" />);
    await waitFor(() => expect(made).toHaveLength(1));
    made[0]?.emit('error', { fatal: true, type: 'networkError', response: { code: 500 } });
    const video = screen.getByLabelText<HTMLVideoElement>('Video: Algebra');
    expect(video.src).toContain('/media/private/videos/01-a.mp4?sig=x');
  });

  it('draws the active cue itself at the caption size, and never lets the browser draw it', () => {
    const track = fakeTextTracks();
    render(<VideoPlayer source={hlsSource} title="Algebra" />);
    expect(screen.queryByTestId('captions')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Captions' }));
    expect(screen.getByRole('button', { name: 'Captions' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // Loaded and its cues followed ('hidden'), but not drawn by the browser ('showing').
    expect(track.mode).toBe('hidden');
    track.cues('A linear equation has <i>one</i> root.\nIts graph is a line.');
    const layer = screen.getByTestId('captions');
    expect(layer.className).toBe('vp-cues is-medium');
    expect([...layer.children].map((c) => c.textContent)).toEqual([
      'A linear equation has one root.',
      'Its graph is a line.',
    ]);
    track.cues();
    expect(screen.queryByTestId('captions')).toBeNull();
    track.cues('Check the answer.');
    // Off: the track is disabled and nothing is drawn.
    fireEvent.keyDown(screen.getByRole('group', { name: 'Video player: Algebra' }), { key: 'c' });
    expect(track.mode).toBe('disabled');
    expect(screen.queryByTestId('captions')).toBeNull();
  });

  it('offers Small, Medium and Large captions in Settings, kept on this device', () => {
    const track = fakeTextTracks();
    render(<VideoPlayer source={hlsSource} title="Algebra" />);
    fireEvent.click(screen.getByRole('button', { name: 'Captions' }));
    track.cues('Divide both sides by 3.');
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const size = screen.getByRole('group', { name: 'Caption size' });
    expect(
      screen
        .getAllByRole<HTMLInputElement>('radio')
        .filter((r) => size.contains(r))
        .map((r) => `${r.labels?.[0]?.textContent}:${r.checked}`),
    ).toEqual(['Small:false', 'Medium:true', 'Large:false']);
    fireEvent.click(screen.getByRole('radio', { name: 'Large' }));
    expect(screen.getByTestId('captions').className).toBe('vp-cues is-large');
    expect(JSON.parse(localStorage.getItem('gia.video.caption-size') ?? '{}').state.size).toBe(
      'large',
    );
  });

  it('speaks Kannada: its controls, its settings, and each caption track named in Kannada', async () => {
    await chooseLanguage('kn');
    try {
      const source = {
        ...hlsSource,
        captions: [
          { language: 'kn', url: '/media/private/captions/01-a.kn.vtt?sig=z' },
          ...hlsSource.captions,
        ],
      };
      const { container } = render(<VideoPlayer source={source} title="ರೇಖೀಯ ಸಮೀಕರಣ" />);
      expect(screen.getByRole('group', { name: 'ವೀಡಿಯೊ ಪ್ಲೇಯರ್: ರೇಖೀಯ ಸಮೀಕರಣ' })).toBeTruthy();
      expect(screen.getByLabelText('ವೀಡಿಯೊ: ರೇಖೀಯ ಸಮೀಕರಣ').tagName).toBe('VIDEO');
      expect([...container.querySelectorAll('track')].map((t) => t.label)).toEqual([
        'ಕನ್ನಡ',
        'ಇಂಗ್ಲಿಷ್',
      ]);
      expect(screen.getByRole('button', { name: 'ಪ್ಲೇ ಮಾಡಿ' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'ಉಪಶೀರ್ಷಿಕೆಗಳು' })).toBeTruthy();
      await waitFor(() => expect(made).toHaveLength(1));
      parsed();
      fireEvent.click(screen.getByRole('button', { name: 'ಸೆಟ್ಟಿಂಗ್‌ಗಳು' }));
      expect(screen.getByRole('group', { name: 'ಗುಣಮಟ್ಟ' })).toBeTruthy();
      expect(screen.getByRole('radio', { name: /^ಸ್ವಯಂ/ })).toBeTruthy();
      expect(screen.getByRole('radio', { name: 'ಕಡಿಮೆ · 234p · 11 MB' })).toBeTruthy();
      expect(screen.getByRole('radio', { name: 'ದೊಡ್ಡದು' })).toBeTruthy();
      expect(screen.getByRole('checkbox', { name: 'ಡೇಟಾ ಉಳಿತಾಯ (ಕಡಿಮೆ ಗುಣಮಟ್ಟ)' })).toBeTruthy();

      // The learner switches to English: the tracks are named again, in English.
      await act(() => chooseLanguage('en'));
      expect([...container.querySelectorAll('track')].map((t) => t.label)).toEqual([
        'Kannada',
        'English',
      ]);
    } finally {
      await chooseLanguage('en');
    }
  });

  it('shows the captions in the interface language when the video has them, else its first track', async () => {
    const [english, kannada] = fakeTracksIn('en', 'kn');
    await chooseLanguage('kn');
    try {
      render(<VideoPlayer source={hlsSource} title="Algebra" />);
      fireEvent.click(screen.getByRole('button', { name: 'ಉಪಶೀರ್ಷಿಕೆಗಳು' }));
      expect([english!.mode, kannada!.mode]).toEqual(['disabled', 'hidden']);
      kannada!.cues('ಎರಡೂ ಬದಿಗಳನ್ನು 3 ರಿಂದ ಭಾಗಿಸಿ.');
      expect(screen.getByTestId('captions').textContent).toBe('ಎರಡೂ ಬದಿಗಳನ್ನು 3 ರಿಂದ ಭಾಗಿಸಿ.');

      await act(() => chooseLanguage('hi'));
      // No Hindi track: the first one.
      expect([english!.mode, kannada!.mode]).toEqual(['hidden', 'disabled']);
    } finally {
      await chooseLanguage('en');
    }
  });

  it('offers no caption size for a video without captions', () => {
    render(<VideoPlayer source={{ ...hlsSource, captions: [] }} title="Algebra" />);
    expect(screen.queryByRole('button', { name: 'Captions' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.queryByRole('group', { name: 'Caption size' })).toBeNull();
  });
});

describe('the video player, given the video the boot script started', () => {
  /** What the boot script leaves: a video of the browser's own HLS, playing over the page. */
  function bootVideo(playing: boolean) {
    const v = document.createElement('video');
    v.dataset.hls = hlsSource.hlsUrl!;
    v.dataset.rung = '234';
    v.style.width = '100%';
    v.src = '/media/private/hls/01-a/master_234p.m3u8';
    Object.defineProperty(v, 'readyState', { value: 4, configurable: true });
    Object.defineProperty(v, 'duration', { value: 90, configurable: true });
    Object.defineProperty(v, 'paused', { value: !playing, configurable: true });
    v.currentTime = 12;
    const box = document.createElement('div');
    box.dataset.bootPlayer = '';
    box.appendChild(v);
    document.body.appendChild(box);
    (window as unknown as Record<string, unknown>).__giaBoot = { topic: 't1', video: v };
    return v;
  }
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>).__giaBoot;
  });

  it('adopts it where it plays, without hls.js, shows its state, and leaves it for the ladder when the learner picks a quality', async () => {
    const started = bootVideo(true);
    const onPlay = vi.fn();
    const { container } = render(
      <VideoPlayer source={hlsSource} title="Algebra" startAt={3} onPlay={onPlay} />,
    );

    const video = screen.getByLabelText<HTMLVideoElement>('Video: Algebra');
    expect(video).toBe(started);
    expect(container.querySelector('.vp-picture')?.contains(video)).toBe(true);
    // The boot script's box is gone, and its style with it.
    expect(video.getAttribute('style')).toBeNull();
    expect(document.querySelector('[data-boot-player]')).toBeNull();
    // Where it plays: not back to the saved position it started from.
    expect(video.currentTime).toBe(12);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(screen.getByText('0:12')).toBeTruthy();
    expect(onPlay).toHaveBeenCalledWith(video);
    expect(made).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    // The ladder as the lesson gives it, the boot script's rung playing.
    expect(screen.getByRole('radio', { name: /^Auto \(234p\)/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Medium · 360p · 28 MB' }));

    // The whole ladder through hls.js, from where the video is, playing on.
    await waitFor(() => expect(made).toHaveLength(1));
    expect(made[0]?.url).toBe('/media/private/hls/01-a/master.m3u8');
    expect(made[0]?.config).toMatchObject({ startPosition: 12 });
  });

  it('leaves a video of another lesson alone', () => {
    const started = bootVideo(false);
    render(
      <VideoPlayer
        source={{ ...hlsSource, hlsUrl: '/media/private/hls/02-b/master.m3u8' }}
        title="Algebra"
      />,
    );
    expect(screen.getByLabelText<HTMLVideoElement>('Video: Algebra')).not.toBe(started);
  });
});
