import { createGroupHandler } from '../lib/http.ts';

/** Route group `favourites`: its routes are declared in the shared table and answer 501 until built. */
export const handler = createGroupHandler('favourites', {});
