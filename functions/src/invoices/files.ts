/*
 * Where invoices are stored and the fonts they are set in: data only, shared with the CDK stack
 * (which grants the prefix and copies the fonts beside the invoice function's bundle).
 */

/** Invoices and credit notes: private, read through signed URLs by their learner only. */
export const INVOICE_PREFIX = 'private/invoices/';

/** Noto Sans (₹ included), bold, and the Devanagari and Kannada faces, from their packages. */
export const INVOICE_FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  devanagari:
    '@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf',
  kannada: '@expo-google-fonts/noto-sans-kannada/400Regular/NotoSansKannada_400Regular.ttf',
} as const;
