import { describe, expect, it } from 'vitest';
import { keyAction } from './keys.ts';

const key = (k: string, mods: Partial<KeyboardEvent> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('the player keys', () => {
  const box = document.createElement('div');
  it('plays and pauses with Space and K, seeks with the arrows and J/L', () => {
    expect(keyAction(key(' '), box)).toEqual({ kind: 'toggle-play' });
    expect(keyAction(key('k'), box)).toEqual({ kind: 'toggle-play' });
    expect(keyAction(key('ArrowLeft'), box)).toEqual({ kind: 'seek', by: -5 });
    expect(keyAction(key('ArrowRight'), box)).toEqual({ kind: 'seek', by: 5 });
    expect(keyAction(key('j'), box)).toEqual({ kind: 'seek', by: -10 });
    expect(keyAction(key('L'), box)).toEqual({ kind: 'seek', by: 10 });
  });
  it('changes volume, mutes, goes full screen and turns captions on', () => {
    expect(keyAction(key('ArrowUp'), box)).toEqual({ kind: 'volume', by: 0.1 });
    expect(keyAction(key('ArrowDown'), box)).toEqual({ kind: 'volume', by: -0.1 });
    expect(keyAction(key('m'), box)).toEqual({ kind: 'mute' });
    expect(keyAction(key('f'), box)).toEqual({ kind: 'fullscreen' });
    expect(keyAction(key('c'), box)).toEqual({ kind: 'captions' });
  });
  it('never takes typing in a field, nor browser shortcuts', () => {
    const input = document.createElement('input');
    const area = document.createElement('textarea');
    expect(keyAction(key('k'), input)).toBeNull();
    expect(keyAction(key(' '), area)).toBeNull();
    expect(keyAction(key('f', { ctrlKey: true }), box)).toBeNull();
  });
  it('leaves Space to a focused button and the arrows to the seek slider', () => {
    const button = document.createElement('button');
    const slider = Object.assign(document.createElement('input'), { type: 'range' });
    expect(keyAction(key(' '), button)).toBeNull();
    expect(keyAction(key('k'), button)).toEqual({ kind: 'toggle-play' });
    expect(keyAction(key('ArrowLeft'), slider)).toBeNull();
    expect(keyAction(key('m'), slider)).toEqual({ kind: 'mute' });
  });
});
