export * from './entitlement.ts';
export * from './subjects.ts';
export * from './topic-access.ts';
