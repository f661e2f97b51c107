import { useState, type RefObject } from 'react';

/**
 * Captions on or off: on shows the video's first text track, off hides every one (nothing
 * happens for a video without tracks).
 */
export function useCaptions(videoRef: RefObject<HTMLVideoElement | null>) {
  const [captionsOn, setCaptionsOn] = useState(false);
  const toggleCaptions = () => {
    const v = videoRef.current;
    if (!v || !v.textTracks.length) return;
    const on = !captionsOn;
    for (const t of Array.from(v.textTracks)) t.mode = 'disabled';
    const first = v.textTracks[0];
    if (on && first) first.mode = 'showing';
    setCaptionsOn(on);
  };
  return { captionsOn, toggleCaptions };
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
