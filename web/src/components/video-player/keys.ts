import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/** What a key does in the player (when the player has focus). */
export type KeyAction =
  | { kind: 'toggle-play' }
  | { kind: 'seek'; by: number }
  | { kind: 'volume'; by: number }
  | { kind: 'mute' }
  | { kind: 'fullscreen' }
  | { kind: 'captions' };

/**
 * The player's keyboard map (the YouTube keys learners know): Space/K play-pause, ←/→ seek 5 s,
 * J/L seek 10 s, ↑/↓ volume, M mute, F fullscreen, C captions. Nothing while typing in a field,
 * nor with a modifier (browser shortcuts stay the browser's); Space and Enter on a button or a
 * slider stay theirs (the control's own action).
 */
export function keyAction(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  target: EventTarget | null,
): KeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const el = target instanceof Element ? target : null;
  if (
    el?.closest(
      'input:not([type=range]), textarea, select, [contenteditable=""], [contenteditable=true]',
    )
  ) {
    return null;
  }
  const onControl = Boolean(el?.closest('button, input, [role=menuitemradio], [role=radio]'));
  const onSlider = Boolean(el?.closest('input[type=range]'));
  switch (e.key) {
    case ' ':
    case 'Spacebar':
      return onControl ? null : { kind: 'toggle-play' };
    case 'k':
    case 'K':
      return { kind: 'toggle-play' };
    case 'ArrowLeft':
      return onSlider ? null : { kind: 'seek', by: -5 };
    case 'ArrowRight':
      return onSlider ? null : { kind: 'seek', by: 5 };
    case 'j':
    case 'J':
      return { kind: 'seek', by: -10 };
    case 'l':
    case 'L':
      return { kind: 'seek', by: 10 };
    case 'ArrowUp':
      return onSlider ? null : { kind: 'volume', by: 0.1 };
    case 'ArrowDown':
      return onSlider ? null : { kind: 'volume', by: -0.1 };
    case 'm':
    case 'M':
      return { kind: 'mute' };
    case 'f':
    case 'F':
      return { kind: 'fullscreen' };
    case 'c':
    case 'C':
      return { kind: 'captions' };
    default:
      return null;
  }
}

/** What the player's keys steer. */
export interface KeyControls {
  /** The settings menu: Escape closes it, and only it, while it is open. */
  menuOpen: boolean;
  closeMenu: () => void;
  togglePlay: () => void;
  seekBy: (by: number) => void;
  changeVolume: (by: number) => void;
  toggleMute: () => void;
  toggleFullscreen: () => void;
  toggleCaptions: () => void;
}

/** The player box's keydown handler: the menu's Escape, else the key's action (`keyAction`). */
export const playerKeyDown = (c: KeyControls) => (e: ReactKeyboardEvent) => {
  if (e.key === 'Escape' && c.menuOpen) {
    // The menu closes; the dialog around the player (if any) stays open.
    e.stopPropagation();
    e.nativeEvent.stopImmediatePropagation();
    c.closeMenu();
    return;
  }
  const action = keyAction(e, e.target);
  if (!action) return;
  e.preventDefault();
  switch (action.kind) {
    case 'toggle-play':
      return c.togglePlay();
    case 'seek':
      return c.seekBy(action.by);
    case 'volume':
      return c.changeVolume(action.by);
    case 'mute':
      return c.toggleMute();
    case 'fullscreen':
      return c.toggleFullscreen();
    case 'captions':
      return c.toggleCaptions();
  }
};
