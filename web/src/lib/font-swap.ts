/*
 * Kannada and Hindi letters laid out while their face (styles/fonts.css) was still on its way are
 * shaped anew when it arrives. Chromium leaves some of that text — a button's label, a heading —
 * in the fallback it had, which on a computer with no Kannada or Devanagari font of its own is a
 * row of empty boxes, though the face is loaded (the first visit's ಕನ್ನಡ and हिन्दी buttons).
 * Each face loaded bumps `--font-loads` on <html>; base.css turns it into a word spacing too small
 * to see, so every element's font is new and is shaped with the faces now loaded. A phone with
 * the Noto fonts (Android) uses its own and loads no face: nothing changes there.
 */

/** Watches `fonts` for faces loaded, counting them on `root`'s `--font-loads`. */
export function reshapeOnFontLoads(
  root: HTMLElement = document.documentElement,
  fonts: FontFaceSet | undefined = document.fonts,
): void {
  if (!fonts) return;
  let loads = 0;
  const bump = () => root.style.setProperty('--font-loads', String(++loads));
  fonts.addEventListener('loadingdone', bump);
  // Faces that came before this script did (the text a prerendered page laid out).
  if ([...fonts].some((face) => face.status === 'loaded')) bump();
}
