/** Dates in tables: day/month/year; missing → N/A. */
export function dayMonthYear(value: unknown): string {
  if (typeof value !== 'string' || !value) return 'N/A';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return 'N/A';
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
}

/** Prices in tables: 'Rs' and whole rupees with Indian digit grouping (Rs 1,00,000). */
export function rupees(value: unknown): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (value === null || value === undefined || value === '' || Number.isNaN(n)) return 'N/A';
  return `Rs ${Math.round(n).toLocaleString('en-IN')}`;
}

/** Names in tables are upper case; missing → N/A. */
export const upper = (value: unknown) =>
  typeof value === 'string' && value ? value.toUpperCase() : 'N/A';

/** Text in tables as stored; missing or blank → `missing` (N/A unless told). */
export const orNotAvailable = (value: unknown, missing = 'N/A') =>
  typeof value === 'string' && value ? value : missing;
