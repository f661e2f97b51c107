/** Price bands of the class filter. */
export const PRICE_BANDS = {
  all: { label: 'All Prices', test: () => true },
  low: { label: 'Below 100', test: (p: number) => p < 100 },
  medium: { label: '100 - 500', test: (p: number) => p >= 100 && p <= 500 },
  high: { label: 'Above 500', test: (p: number) => p > 500 },
} as const;
