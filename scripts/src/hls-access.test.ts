import { describe, expect, it } from 'vitest';
import { parseCookies, resourcePattern } from './hls-access.ts';

describe('the local check of CloudFront signed cookies', () => {
  it("matches resources with CloudFront's wildcards: * any characters, ? exactly one", () => {
    const folder = resourcePattern('http://127.0.0.1:3000/media/private/hls/a-1/*');
    expect(folder.test('http://127.0.0.1:3000/media/private/hls/a-1/master.m3u8')).toBe(true);
    expect(folder.test('http://127.0.0.1:3000/media/private/hls/a-1/master_234p_00001.ts')).toBe(
      true,
    );
    expect(folder.test('http://127.0.0.1:3000/media/private/hls/a-10/master.m3u8')).toBe(false);
    expect(folder.test('http://127.0.0.1:3000/media/private/hls/b/master.m3u8')).toBe(false);
    expect(folder.test('http://127.0.0.1:3001/media/private/hls/a-1/master.m3u8')).toBe(false);
    // Dots are literal, not "any character".
    expect(resourcePattern('http://a.b/x').test('http://aXb/x')).toBe(false);
    expect(resourcePattern('http://a.b/x?').test('http://a.b/x1')).toBe(true);
    expect(resourcePattern('http://a.b/x?').test('http://a.b/x12')).toBe(false);
  });

  it('reads the first cookie of a name (the browser sends the most specific path first)', () => {
    const cookies = parseCookies('CloudFront-Policy=abc; other=1; CloudFront-Policy=old');
    expect(cookies.get('CloudFront-Policy')).toBe('abc');
    expect(cookies.get('other')).toBe('1');
    expect(parseCookies(undefined).size).toBe(0);
  });
});
