export * from './routes.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './schemas.ts';
export * from './catalogue.ts';
export * from './uploads.ts';
export * from './learner.ts';
export * from './payments.ts';
