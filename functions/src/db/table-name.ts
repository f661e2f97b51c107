import { env } from '../lib/env.ts';

/** The single table's name, from the environment (read at the first request, see lib/env.ts). */
export const tableName = (): string => env().TABLE_NAME;
