import { afterEach, describe, expect, it } from 'vitest';
import { chooseLanguage } from '../../lib/i18n.ts';
import { daysAgo } from './downloads-page.tsx';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const before = (days: number) => new Date(NOW - days * 24 * 60 * 60 * 1000).toISOString();

describe('when a saved chapter was last confirmed', () => {
  afterEach(async () => {
    await chooseLanguage('en');
  });

  it('says today, yesterday or how many days ago in English', () => {
    expect(daysAgo(before(0), NOW)).toBe('today');
    expect(daysAgo(before(1), NOW)).toBe('yesterday');
    expect(daysAgo(before(5), NOW)).toBe('5 days ago');
  });

  it('says it in Kannada, with the plural of days', async () => {
    await chooseLanguage('kn');
    expect(daysAgo(before(0), NOW)).toBe('ಇಂದು');
    expect(daysAgo(before(1), NOW)).toBe('ನಿನ್ನೆ');
    expect(daysAgo(before(5), NOW)).toBe('5 ದಿನಗಳ ಹಿಂದೆ');
  });

  it('says it in Hindi', async () => {
    await chooseLanguage('hi');
    expect(daysAgo(before(1), NOW)).toBe('कल');
    expect(daysAgo(before(12), NOW)).toBe('12 दिन पहले');
  });
});
