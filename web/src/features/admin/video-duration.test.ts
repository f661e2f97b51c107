import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillDurationFromVideo, videoFileDuration } from './video-duration.ts';

/** The `<video>` elements the helper creates, to play the browser's part on them. */
function captureVideos() {
  const videos: HTMLVideoElement[] = [];
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
    const el = create(tag);
    if (tag === 'video') videos.push(el as HTMLVideoElement);
    return el;
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:v1'), revokeObjectURL: vi.fn() }),
  );
  return videos;
}

/** The browser read the metadata of the file: its length is `seconds`. */
function loadMetadata(video: HTMLVideoElement, seconds: number) {
  Object.defineProperty(video, 'duration', { value: seconds, configurable: true });
  video.dispatchEvent(new Event('loadedmetadata'));
}

const file = () => new File([new Uint8Array(8)], 'lesson.mp4', { type: 'video/mp4' });
const VIDEO_FIELD = { upload: { kind: 'video' } };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a chosen video's length", () => {
  it('is read from the file’s metadata on an object URL, rounded to whole seconds', async () => {
    const videos = captureVideos();
    const pending = videoFileDuration(file());
    expect(videos[0]!.getAttribute('src')).toBe('blob:v1');
    loadMetadata(videos[0]!, 125.4);
    expect(await pending).toBe(125);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:v1');
  });

  it('is unknown when the browser cannot read the file', async () => {
    const videos = captureVideos();
    const pending = videoFileDuration(file());
    videos[0]!.dispatchEvent(new Event('error'));
    expect(await pending).toBeUndefined();
  });

  it('fills the form’s Duration (seconds) field when a video is chosen', async () => {
    const videos = captureVideos();
    const setValue = vi.fn();
    const fields = [{ name: 'video_url' }, { name: 'duration_seconds' }];
    const filling = fillDurationFromVideo(fields, VIDEO_FIELD, file(), setValue);
    loadMetadata(videos[0]!, 61.6);
    await filling;
    expect(setValue).toHaveBeenCalledWith('duration_seconds', 62);
  });

  it('leaves forms without a duration field, and other files, alone', async () => {
    const videos = captureVideos();
    const setValue = vi.fn();
    await fillDurationFromVideo([{ name: 'video_url' }], VIDEO_FIELD, file(), setValue);
    await fillDurationFromVideo(
      [{ name: 'duration_seconds' }],
      { upload: { kind: 'notes' } },
      file(),
      setValue,
    );
    await fillDurationFromVideo([{ name: 'duration_seconds' }], VIDEO_FIELD, '', setValue);
    expect(videos).toHaveLength(0);
    expect(setValue).not.toHaveBeenCalled();
  });
});
