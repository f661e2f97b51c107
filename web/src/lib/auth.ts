import type { LoginAnswer } from '@gia/shared';
import { call } from './api-call.ts';
import { refreshToken, useSession, type Role } from './session.ts';

/** Signs in to either pool and keeps the session. */
export async function signIn(role: Role, email: string, password: string): Promise<LoginAnswer> {
  const answer = await call(`${role}.login.request`, { body: { email, password } });
  useSession.getState().signIn(role, answer.user, answer.accessToken, answer.refreshToken);
  return answer;
}

/** Ends the session on the server (its refresh token stops working) and here. */
export async function signOut(): Promise<void> {
  const role = useSession.getState().role;
  if (role) {
    await call(`${role}.login.logout`, {
      body: { refreshToken: refreshToken() ?? undefined },
    }).catch(() => undefined);
  }
  useSession.getState().signOut();
}
