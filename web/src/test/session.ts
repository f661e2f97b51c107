import { useSession, type Role, type SessionUser } from '../lib/session.ts';

/** The access token a test's signed-in tab holds. */
export const TEST_TOKEN = 'test-token';

/**
 * Given a tab signed in as `role`: the hint and an access token in memory, valid for an hour, as a
 * sign-in leaves them (without a timer or a message to other tabs).
 */
export function signInForTest({
  role = 'learner',
  user,
}: { role?: Role; user?: SessionUser } = {}) {
  useSession
    .getState()
    .signIn(
      role,
      user ?? { name: 'Asha', email: 'asha@example.in' },
      TEST_TOKEN,
      Date.now() + 3_600_000,
    );
}
