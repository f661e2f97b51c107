export * from './grounding.ts';
export * from './passages.ts';
