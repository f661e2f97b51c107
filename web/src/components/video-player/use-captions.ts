import { useEffect, useState, type RefObject } from 'react';

/** The text of a cue as the viewer reads it: its markup (`<v>`, `<i>`, …) left out. */
function cueText(cue: TextTrackCue): string {
  const vtt = cue as Partial<VTTCue>;
  if (typeof vtt.getCueAsHTML === 'function') return vtt.getCueAsHTML().textContent ?? '';
  return (vtt.text ?? '').replace(/<[^>]*>/g, '');
}

/** The lines of a track's active cues, in order (empty when none is active). */
export function activeCueLines(track: TextTrack | undefined): string[] {
  const cues = track?.activeCues;
  if (!cues) return [];
  return Array.from(cues)
    .flatMap((c) => cueText(c).split('\n'))
    .map((line) => line.trim())
    .filter(Boolean);
}

/**
 * Captions on or off: on loads the video's text track in the `preferred` language (the
 * interface's, issue 33), else its first, and gives the lines of its active cues, which the player draws itself (sized by the learner's caption size, above the controls;
 * the browser's own cue rendering is tiny on a phone and cannot be sized everywhere); off
 * disables every track. Nothing happens for a video without tracks. `tracksKey` names the
 * video's tracks, so a new video's tracks follow the same choice.
 */
export function useCaptions(
  videoRef: RefObject<HTMLVideoElement | null>,
  tracksKey: string,
  preferred?: string,
) {
  const [captionsOn, setCaptionsOn] = useState(false);
  const [lines, setLines] = useState<string[]>([]);

  useEffect(() => {
    const tracks = videoRef.current?.textTracks;
    // A browser without the text track API's events (jsdom) shows no captions.
    if (typeof tracks?.addEventListener !== 'function') return;
    let shown: TextTrack | undefined;
    const show = () => setLines(captionsOn ? activeCueLines(shown) : []);
    const apply = () => {
      shown?.removeEventListener('cuechange', show);
      const list = Array.from(tracks);
      const chosen = Math.max(
        0,
        list.findIndex((t) => t.language === preferred),
      );
      // 'hidden': the track loads and its cues fire, but the browser draws none of them.
      list.forEach((t, i) => (t.mode = captionsOn && i === chosen ? 'hidden' : 'disabled'));
      shown = captionsOn ? list[chosen] : undefined;
      shown?.addEventListener('cuechange', show);
      show();
    };
    apply();
    tracks.addEventListener('addtrack', apply);
    tracks.addEventListener('removetrack', apply);
    return () => {
      tracks.removeEventListener('addtrack', apply);
      tracks.removeEventListener('removetrack', apply);
      shown?.removeEventListener('cuechange', show);
    };
  }, [videoRef, captionsOn, tracksKey, preferred]);

  const toggleCaptions = () => {
    const v = videoRef.current;
    if (!v || !v.textTracks?.length) return;
    setCaptionsOn(!captionsOn);
  };
  return { captionsOn, toggleCaptions, lines: captionsOn ? lines : [] };
}

/**
 * A caption track's language in the interface's `locale`: "kn" → "Kannada" in English, "ಕನ್ನಡ"
 * in Kannada, "कन्नड़" in Hindi; an unknown code shows as it is.
 */
export function languageName(code: string, locale = 'en-IN'): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
