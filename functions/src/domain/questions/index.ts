export * from './questions.ts';
