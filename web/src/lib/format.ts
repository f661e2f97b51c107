/** A price in rupees with Indian digit grouping (₹1,00,000); a missing price shows `missing`. */
export const rupee = (v: unknown, missing = 'N/A') => {
  const n = typeof v === 'number' ? v : Number(v);
  return v === null || v === undefined || v === '' || Number.isNaN(n)
    ? missing
    : `₹${n.toLocaleString('en-IN')}`;
};
