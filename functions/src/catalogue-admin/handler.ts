import { createGroupHandler } from '../lib/http.ts';

/** Route group `catalogue-admin`: its routes are declared in the shared table and answer 501 until built. */
export const handler = createGroupHandler('catalogue-admin', {});
