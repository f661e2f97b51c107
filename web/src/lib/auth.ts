import type { LoginAnswer } from '@gia/shared';
import { api } from './api-client.ts';
import { apiPath } from './api-paths.ts';
import { refreshToken, useSession, type Role } from './session.ts';

/** Signs in to either pool and keeps the session. */
export async function signIn(role: Role, email: string, password: string): Promise<LoginAnswer> {
  const answer = await api<LoginAnswer>('POST', apiPath(`${role}.login.request`), {
    body: { email, password },
  });
  useSession.getState().signIn(role, answer.user, answer.accessToken, answer.refreshToken);
  return answer;
}

/** Ends the session on the server (its refresh token stops working) and here. */
export async function signOut(): Promise<void> {
  const role = useSession.getState().role;
  if (role) {
    await api('POST', apiPath(`${role}.login.logout`), {
      body: { refreshToken: refreshToken() ?? undefined },
    }).catch(() => undefined);
  }
  useSession.getState().signOut();
}
