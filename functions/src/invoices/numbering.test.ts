import { describe, expect, it } from 'vitest';
import { documentNumber, financialYear, SERIES } from './numbering.ts';

describe('invoice numbers', () => {
  it('run per financial year, April to March in India’s time', () => {
    expect(financialYear('2026-11-24T10:00:00Z')).toBe('26-27');
    expect(financialYear('2027-03-31T18:29:59Z')).toBe('26-27');
    // 1 April 2027, 00:00 in India is still 31 March in UTC.
    expect(financialYear('2027-03-31T18:30:00Z')).toBe('27-28');
    expect(financialYear('2100-01-15T00:00:00Z')).toBe('99-00');
  });

  it('are 16 characters: series, year and a 6-digit serial', () => {
    const n = documentNumber(SERIES.invoice, '26-27', 1);
    expect(n).toBe('GIA/26-27/000001');
    expect(n).toHaveLength(16);
    expect(documentNumber(SERIES.creditNote, '26-27', 123_456)).toBe('GCN/26-27/123456');
  });
});
