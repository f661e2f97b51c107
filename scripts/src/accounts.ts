import { ensureAdmin } from '@gia/functions/admins/service.ts';
import { signUp } from '@gia/functions/auth/service.ts';

export { ensureAdmin };

/**
 * The demo learner of a fresh store, signed up through the same service as the API. Already
 * there (a restart): nothing changes.
 */
export async function ensureDemoLearner(demo: { email: string; password: string; name: string }) {
  try {
    await signUp({ user_name: demo.name, email: demo.email, password: demo.password });
  } catch (err) {
    if ((err as { code?: string }).code !== 'CONFLICT') throw err;
  }
  return { email: demo.email, password: demo.password };
}
