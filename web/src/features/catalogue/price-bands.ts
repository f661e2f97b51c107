/** Price bands of the class filter; each `label` a message id of the catalogue. */
export const PRICE_BANDS = {
  all: { label: 'catalogue.price.all', test: () => true },
  low: { label: 'catalogue.price.low', test: (p: number) => p < 100 },
  medium: { label: 'catalogue.price.medium', test: (p: number) => p >= 100 && p <= 500 },
  high: { label: 'catalogue.price.high', test: (p: number) => p > 500 },
} as const;
