/*
 * Kannada and Hindi letters laid out while their face (styles/fonts.css) was still on its way are
 * shaped anew when it arrives. Chromium leaves some of that text — a button's label, a heading —
 * in the fallback it had, which on a computer with no Kannada or Devanagari font of its own is a
 * row of empty boxes, though the face is loaded (the first visit's ಕನ್ನಡ and हिन्दी buttons).
 * Each time faces finish loading, <html>'s `data-font-loads` turns from 1 to 2 or back;
 * base.css gives Kannada and Hindi text a word spacing too small to see for each, so its font is
 * new and is shaped with the faces now loaded. An attribute, not a custom property that every
 * element would inherit: only the elements in those languages are restyled. A phone with the Noto
 * fonts (Android) uses its own and loads no face: nothing changes there.
 */

/** Watches `fonts` for faces loaded, flipping `root`'s `data-font-loads` to 1, 2, 1… each time. */
export function reshapeOnFontLoads(
  root: HTMLElement = document.documentElement,
  fonts: FontFaceSet | undefined = document.fonts,
): void {
  if (!fonts) return;
  let flip = 2;
  const bump = () => root.setAttribute('data-font-loads', String((flip = 3 - flip)));
  fonts.addEventListener('loadingdone', bump);
  // Faces that came before this script did (the text a prerendered page laid out).
  if ([...fonts].some((face) => face.status === 'loaded')) bump();
}
