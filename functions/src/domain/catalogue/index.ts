export * from './hierarchy.ts';
export * from './present.ts';
