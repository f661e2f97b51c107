export * from './owned.ts';
export * from './receipts.ts';
