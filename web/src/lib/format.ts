import { currentLocale, t } from './i18n.ts';

/*
 * Numbers, money and dates in the interface's language (issue 33): `en-IN`, `kn-IN` or `hi-IN`.
 * Each formatter is made once per locale and kept: `toLocaleString` builds a new formatter on
 * every call, which cost the landing page 170 ms of main thread on a throttled phone CPU
 * (Lighthouse TBT).
 */

/** One formatter per locale, made on its first use. */
function perLocale<F>(make: (locale: string) => F): () => F {
  const made = new Map<string, F>();
  return () => {
    const locale = currentLocale();
    let formatter = made.get(locale);
    if (!formatter) {
      formatter = make(locale);
      made.set(locale, formatter);
    }
    return formatter;
  };
}

/**
 * The locale whose digit grouping a number takes. CLDR groups Kannada numbers by thousands
 * (100,000), while Karnataka's textbooks, shops and rupee amounts use lakhs (1,00,000); both use
 * the same Latin digits and decimal point, so a Kannada number is grouped as `en-IN` groups it.
 */
const groupingLocale = (locale: string) => (locale === 'kn-IN' ? 'en-IN' : locale);

const wholeNumbers = perLocale(
  (locale) => new Intl.NumberFormat(groupingLocale(locale), { maximumFractionDigits: 0 }),
);
const withPaise = perLocale(
  (locale) =>
    new Intl.NumberFormat(groupingLocale(locale), {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }),
);
const mediumDates = perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }));
const dateTimes = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
);
const dateTimesWithSeconds = perLocale(
  (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }),
);

/**
 * A price in rupees with Indian digit grouping: whole rupees as they are (₹1,00,000), others
 * with their paise (₹150.50); a missing price shows `missing` (by default "N/A" in the
 * interface's language).
 */
export const rupee = (v: unknown, missing?: string) => {
  const n = typeof v === 'number' ? v : Number(v);
  return v === null || v === undefined || v === '' || Number.isNaN(n)
    ? (missing ?? t('common.account.notAvailable'))
    : `₹${(Number.isInteger(n) ? wholeNumbers() : withPaise()).format(n)}`;
};

/** A whole number with Indian digit grouping (1,00,000). */
export const count = (n: number) => wholeNumbers().format(n);

/** Reads an ISO time; undefined when there is none or it is not a time. */
function when(iso: string | null | undefined): Date | undefined {
  const d = new Date(iso ?? '');
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/** A day as the learner's language writes it: "26 Nov 2026", "ನವೆಂ 26, 2026"; '' if none. */
export const day = (iso: string | null | undefined) => {
  const d = when(iso);
  return d ? mediumDates().format(d) : '';
};

/** A day and its time: "26 Nov 2026, 4:00 pm"; `iso` itself when it is not a time. */
export const dayAndTime = (iso: string, seconds = false) => {
  const d = when(iso);
  return d ? (seconds ? dateTimesWithSeconds() : dateTimes()).format(d) : iso;
};

/**
 * A size in megabytes as a learner's data pack counts it (1 MB = 1,000,000 bytes): "11 MB",
 * "2.4 MB", "0.3 MB". One formatter for every size the app shows (the video quality menu).
 */
export function megabytes(bytes: number): string {
  const mb = Math.max(0, bytes) / 1_000_000;
  if (mb >= 10) return `${Math.round(mb)} MB`;
  const one = Math.round(mb * 10) / 10;
  return `${one === 0 && bytes > 0 ? 0.1 : one} MB`;
}
