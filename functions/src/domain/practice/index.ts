export * from './question-bank.ts';
