import { createGroupHandler } from '../lib/http.ts';

/** Route group `cart`: its routes are declared in the shared table and answer 501 until built. */
export const handler = createGroupHandler('cart', {});
