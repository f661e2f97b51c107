import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_ENV } from '../../test/tokens.ts';
import { resetEnvForTests } from './env.ts';
import { mediaKey, mediaUrl, normaliseMediaUrl, signedMediaUrl } from './media.ts';

beforeEach(() => {
  Object.assign(process.env, TEST_ENV, { MEDIA_URL_MODE: 'local' });
  resetEnvForTests();
});

describe('mediaKey', () => {
  it('reads the key of a stored media url', () => {
    expect(mediaKey(mediaUrl('private/videos/100% revision.mp4'))).toBe(
      'private/videos/100% revision.mp4',
    );
  });

  it('never throws on a malformed escape or a traversal: the url is simply not ours', () => {
    expect(mediaKey('/media/private/videos/100%-revision.mp4')).toBeUndefined();
    expect(mediaKey('/media/%')).toBeUndefined();
    expect(mediaKey('/media/%E0%A4%A')).toBeUndefined();
    expect(mediaKey('/media/public/../private/x.mp4')).toBeUndefined();
    expect(mediaKey('/media/public/%2e%2e/private/x.mp4')).toBeUndefined();
  });
});

describe('normaliseMediaUrl (what an admin may store)', () => {
  it('keeps blanks, our /media/ urls and https links', () => {
    expect(normaliseMediaUrl('  ')).toBe('');
    expect(normaliseMediaUrl('/media/public/images/a.png')).toBe('/media/public/images/a.png');
    expect(normaliseMediaUrl('https://cdn.example.com/a.png?x=1')).toBe(
      'https://cdn.example.com/a.png?x=1',
    );
  });

  it('stores a signed url that an admin list handed out without its signature', () => {
    expect(
      normaliseMediaUrl('/media/private/videos/v.mp4?X-Amz-Signature=abc&X-Amz-Expires=3600'),
    ).toBe('/media/private/videos/v.mp4');
    expect(
      normaliseMediaUrl(
        `https://${TEST_ENV.MEDIA_BUCKET}.s3.ap-south-1.amazonaws.com/private/videos/a%20b.mp4?X-Amz-Signature=abc`,
      ),
    ).toBe('/media/private/videos/a%20b.mp4');
  });

  it('refuses what could not be read back or is not a safe link', () => {
    for (const bad of [
      '/media/private/videos/100%-revision.mp4',
      '/media/',
      '/media/public/../private/x.mp4',
      'javascript:alert(1)',
      'http://example.com/a.png',
      'data:text/html,<script>',
      'not a url',
      `https://example.com/${'a'.repeat(2100)}`,
    ]) {
      expect(normaliseMediaUrl(bad), bad).toBeUndefined();
    }
  });
});

describe('signedMediaUrl', () => {
  it('answers null for a stored url it cannot read, instead of failing the list', async () => {
    expect(await signedMediaUrl('/media/private/videos/100%-revision.mp4')).toBeNull();
    expect(await signedMediaUrl('javascript:alert(1)')).toBeNull();
    expect(await signedMediaUrl('')).toBeNull();
  });

  it('signs private media and leaves public media as it is', async () => {
    expect(await signedMediaUrl('/media/public/images/a.png')).toBe('/media/public/images/a.png');
    expect(await signedMediaUrl('/media/private/videos/v.mp4')).toMatch(
      /^\/media\/private\/videos\/v\.mp4\?.*X-Amz-Signature=/,
    );
  });
});
