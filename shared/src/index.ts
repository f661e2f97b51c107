export * from './routes.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './schemas.ts';
