import type { LoginAnswer } from '@gia/shared';
import { call } from './api-call.ts';
import { accessToken, useSession, type Role } from './session.ts';
import { closeSession, openSession } from './session-sync.ts';
import { useLanguage } from './i18n.ts';
import { serverText } from './server-text.ts';

/** Keeps the session a sign-in answered; its refresh token is ignored (the cookie holds it). */
function keep(role: Role, answer: LoginAnswer): LoginAnswer {
  openSession(role, answer.user, answer.accessToken, answer.expires_in);
  return answer;
}

/** Signs in to either pool with a password and keeps the session. */
export async function signIn(role: Role, email: string, password: string): Promise<LoginAnswer> {
  return keep(role, await call(`${role}.login.request`, { body: { email, password } }));
}

/**
 * Asks for a one-time sign-in code by e-mail (the answer is the same whether or not one exists),
 * written in the language the app speaks now unless the account saved one (issue 33).
 */
export const requestSignInCode = (email: string) =>
  call('learner.login.requestCode', {
    body: { email, language: useLanguage.getState().language },
  });

/** Signs a learner in with the code e-mailed to them, exactly as a password sign-in does. */
export async function signInWithCode(email: string, code: string): Promise<LoginAnswer> {
  return keep('learner', await call('learner.login.verifyCode', { body: { email, code } }));
}

/** Ends the session on the server (the cookie is cleared, the session revoked), here and in every tab. */
export async function signOut(): Promise<void> {
  const role = useSession.getState().role;
  // An expired token still ends the session here; the server's cookie is cleared at its expiry.
  if (role && accessToken())
    await call(`${role}.login.logout`, { renew: false }).catch(() => undefined);
  closeSession();
}

/**
 * Ends every session of the learner's account, on every device: the others find out at their next
 * request (401) and their refresh fails. This browser's tabs are signed out at once. Answers the
 * server's message.
 */
export async function signOutEverywhere(): Promise<string> {
  const answer = await call('learner.login.signOutEverywhere');
  closeSession();
  return serverText(answer);
}
