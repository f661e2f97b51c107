export * from './streak.ts';
