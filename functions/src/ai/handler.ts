import { createGroupHandler } from '../lib/http.ts';

/** Route group `ai`: its routes are declared in the shared table and answer 501 until built. */
export const handler = createGroupHandler('ai', {});
