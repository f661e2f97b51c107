import { afterEach, describe, expect, it } from 'vitest';
import { count, day, dayAndTime, rupee } from './format.ts';
import { chooseLanguage } from './i18n.ts';

/*
 * Money and dates follow the interface's language (issue 33): `en-IN`, `kn-IN` and `hi-IN`, each
 * with India's lakh grouping (₹1,00,000).
 */
afterEach(async () => {
  await chooseLanguage('en');
});

// Noon in India: the same calendar day in every time zone the tests may run in.
const NOON_IST = '2026-03-05T06:30:00.000Z';

describe('rupee', () => {
  it('groups rupees in lakhs and keeps paise in English', () => {
    expect(rupee(100000)).toBe('₹1,00,000');
    expect(rupee(1234567.5)).toBe('₹12,34,567.50');
    expect(rupee('499')).toBe('₹499');
  });

  it('groups rupees in lakhs in Kannada too, though CLDR groups Kannada numbers by thousands', async () => {
    await chooseLanguage('kn');
    expect(rupee(100000)).toBe('₹1,00,000');
    expect(rupee(150.5)).toBe('₹150.50');
    expect(count(2500000)).toBe('25,00,000');
  });

  it('groups rupees in lakhs in Hindi', async () => {
    await chooseLanguage('hi');
    expect(rupee(100000)).toBe('₹1,00,000');
    expect(rupee(99.9)).toBe('₹99.90');
  });

  it('says a missing price in the learner’s language, unless told what to say', async () => {
    expect(rupee(null)).toBe('N/A');
    await chooseLanguage('kn');
    expect(rupee(undefined)).toBe('ಲಭ್ಯವಿಲ್ಲ');
    expect(rupee('', '—')).toBe('—');
    await chooseLanguage('hi');
    expect(rupee('not a price')).toBe('उपलब्ध नहीं');
  });
});

describe('dates', () => {
  it('writes a day with the month’s name in each language', async () => {
    expect(day(NOON_IST)).toBe('5 Mar 2026');
    await chooseLanguage('kn');
    expect(day(NOON_IST)).toContain('ಮಾರ್ಚ್');
    expect(day(NOON_IST)).toContain('2026');
    await chooseLanguage('hi');
    expect(day(NOON_IST)).toBe('5 मार्च 2026');
  });

  it('answers nothing for a missing day, and a text that is not a time as it is', () => {
    expect(day(undefined)).toBe('');
    expect(day('soon')).toBe('');
    expect(dayAndTime('soon')).toBe('soon');
  });

  it('writes a day and its time in the learner’s language', async () => {
    const english = dayAndTime(NOON_IST);
    expect(english).toMatch(/^5 Mar 2026, \d{1,2}:\d{2}/);
    await chooseLanguage('kn');
    expect(dayAndTime(NOON_IST)).toContain('ಮಾರ್ಚ್');
    await chooseLanguage('hi');
    expect(dayAndTime(NOON_IST)).toContain('मार्च');
    expect(dayAndTime(NOON_IST, true)).toMatch(/\d{1,2}:\d{2}:\d{2}/);
  });
});
