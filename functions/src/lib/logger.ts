import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs; every line of a request carries its request id. */
export const logger = new Logger({
  serviceName: 'gia-school',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | 'SILENT') ?? 'INFO',
});
