/*
 * Invoice numbers (issue 18): `GIA/26-27/000001`, consecutive per financial year (April to
 * March, in India's time), 16 characters; credit notes `GCN/26-27/000001`.
 */

/** India Standard Time is UTC+05:30 all year. */
const IST_OFFSET_MS = 330 * 60_000;

/** The financial year of a moment, as `26-27` (April 2026 to March 2027). */
export function financialYear(iso: string): string {
  const d = new Date(Date.parse(iso) + IST_OFFSET_MS);
  const start = d.getUTCMonth() >= 3 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
  const yy = (y: number) => String(y % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

/** The series of tax invoices and of credit notes. */
export const SERIES = { invoice: 'GIA', creditNote: 'GCN' } as const;

/** A document number: series, financial year and a 6-digit serial. */
export const documentNumber = (series: string, year: string, n: number) =>
  `${series}/${year}/${String(n).padStart(6, '0')}`;

/** The date of a moment in India, as invoices print it: `24 Nov 2026`. */
export const indianDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  });
