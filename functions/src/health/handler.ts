import { createGroupHandler } from '../lib/http.ts';

/** `GET /api/health`: the stack is up. */
export const handler = createGroupHandler('health', {
  health: async () => ({ body: { status: 'ok' } }),
});
