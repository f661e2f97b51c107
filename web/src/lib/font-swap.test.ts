import { describe, expect, it } from 'vitest';
import { reshapeOnFontLoads } from './font-swap.ts';

/** A FontFaceSet as far as the watcher reads it: its faces, and its `loadingdone` events. */
function fontSet(statuses: FontFaceLoadStatus[]) {
  const set = new EventTarget() as EventTarget & { [Symbol.iterator](): Iterator<FontFace> };
  set[Symbol.iterator] = function* () {
    for (const status of statuses) yield { status } as FontFace;
  };
  return set as unknown as FontFaceSet;
}

describe('reshapeOnFontLoads', () => {
  it('gives <html> a new --font-loads each time faces finish loading', () => {
    const root = document.createElement('html');
    const fonts = fontSet(['unloaded', 'loading']);
    reshapeOnFontLoads(root, fonts);
    expect(root.style.getPropertyValue('--font-loads')).toBe('');
    fonts.dispatchEvent(new Event('loadingdone'));
    expect(root.style.getPropertyValue('--font-loads')).toBe('1');
    fonts.dispatchEvent(new Event('loadingdone'));
    expect(root.style.getPropertyValue('--font-loads')).toBe('2');
  });

  it('counts a face that loaded before it watched (the prerendered page’s text)', () => {
    const root = document.createElement('html');
    reshapeOnFontLoads(root, fontSet(['loaded', 'unloaded']));
    expect(root.style.getPropertyValue('--font-loads')).toBe('1');
  });
});
