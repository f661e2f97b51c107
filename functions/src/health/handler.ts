import { createGroupHandler } from '../lib/http.ts';
import { checkReadiness } from './service.ts';

/** `GET /api/health`: the process is up (liveness). `GET /api/health/ready`: it can serve. */
export const handler = createGroupHandler('health', {
  health: async () => ({ body: { status: 'ok' } }),
  'health.ready': async () => {
    await checkReadiness();
    return { body: { status: 'ready' } };
  },
});
