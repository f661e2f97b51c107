/**
 * Indian digit grouping, made once: `toLocaleString` builds a new formatter on every call, which
 * cost the landing page 170 ms of main thread on a throttled phone CPU (Lighthouse TBT).
 */
const indianDigits = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const indianPaise = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * A price in rupees with Indian digit grouping: whole rupees as they are (₹1,00,000), others
 * with their paise (₹150.50); a missing price shows `missing`.
 */
export const rupee = (v: unknown, missing = 'N/A') => {
  const n = typeof v === 'number' ? v : Number(v);
  return v === null || v === undefined || v === '' || Number.isNaN(n)
    ? missing
    : `₹${(Number.isInteger(n) ? indianDigits : indianPaise).format(n)}`;
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
