import type { LoginAnswer } from '@gia/shared';
import { api } from './api-client.ts';
import { refreshToken, useSession, type Role } from './session.ts';

const BASE: Record<Role, string> = { learner: '/api/v1/classuser', admin: '/api/v1/classadmin' };

/** Signs in to either pool and keeps the session. */
export async function signIn(role: Role, email: string, password: string): Promise<LoginAnswer> {
  const answer = await api<LoginAnswer>('POST', `${BASE[role]}/login/request`, {
    body: { email, password },
  });
  useSession.getState().signIn(role, answer.user, answer.accessToken, answer.refreshToken);
  return answer;
}

/** Ends the session on the server (its refresh token stops working) and here. */
export async function signOut(): Promise<void> {
  const role = useSession.getState().role;
  if (role) {
    await api('POST', `${BASE[role]}/login/logout`, {
      body: { refreshToken: refreshToken() ?? undefined },
    }).catch(() => undefined);
  }
  useSession.getState().signOut();
}
