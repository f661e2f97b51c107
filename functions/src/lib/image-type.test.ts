import { describe, expect, it } from 'vitest';
import { imageTypeOf } from './image-type.ts';

const bytes = (...b: number[]) => new Uint8Array([...b, ...new Array(8).fill(0)]);

describe('imageTypeOf', () => {
  it('knows PNG, JPEG and GIF by their first bytes', () => {
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(imageTypeOf(new TextEncoder().encode('GIF89a...'))).toBe('image/gif');
    expect(imageTypeOf(new TextEncoder().encode('GIF87a...'))).toBe('image/gif');
  });

  it('finds no image in HTML, SVG, text or a truncated signature', () => {
    for (const text of ['<html><script>alert(1)</script>', '<svg onload=alert(1)>', 'GIF88a', '']) {
      expect(imageTypeOf(new TextEncoder().encode(text)), text).toBeUndefined();
    }
    expect(imageTypeOf(new Uint8Array([0x89, 0x50, 0x4e]))).toBeUndefined();
  });
});
