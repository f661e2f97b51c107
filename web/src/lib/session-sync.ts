/*
 * Keeping the session alive (issue 29): the refresh token is in an HttpOnly cookie the page never
 * sees; this module trades it for access tokens (at start, shortly before expiry, after a 401) and
 * keeps the tabs of one browser in step. Cognito may rotate refresh tokens, so two tabs refreshing
 * at once could end the session: a Web Lock lets one tab refresh at a time, and the tab that did
 * tells the others on a BroadcastChannel, so a tab that waited uses that token instead.
 */
import type { RefreshAnswer } from '@gia/shared/account-answers.ts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@gia/shared/session.ts';
import { apiPath } from './api-paths.ts';
import { BOOT_NAMES } from './boot-contract.ts';
import { takeBootRefresh } from './boot.ts';
import {
  accessToken,
  accessTokenExpiresAt,
  useSession,
  type Role,
  type SessionUser,
} from './session.ts';

/** The name of the lock around a refresh and of the channel between tabs. */
export const SESSION_CHANNEL = BOOT_NAMES.sessionLock;

/** A token is renewed this long before it expires. */
export const REFRESH_AHEAD_MS = 60_000;

/** The headers every call that the session cookie authenticates carries (CSRF, docs/api.md §3). */
export const CSRF_HEADERS: Readonly<Record<string, string>> = { [CSRF_HEADER]: CSRF_HEADER_VALUE };

/** What a tab that opened or renewed the session posts to the others. */
export interface SessionMessage {
  accessToken: string;
  /** Epoch ms. */
  expiresAt: number;
  role: Role;
  user: SessionUser | null;
}

/**
 * When a tab last renewed the token (epoch ms; no token, only the time): storage is shared by the
 * tabs at once, while a message on the channel may reach a tab only after the lock it waited for.
 */
export const RENEWED_AT_KEY = 'gia-session-renewed-at';

/** How long a tab that finds a renewal after its request waits for that tab's message. */
export const MESSAGE_WAIT_MS = 2000;

/** What a tab that ended the session posts to the others. */
export const SIGNED_OUT = 'signed-out';

/** How a refresh ended: a token in hand, the session is over (401), or the server not reached. */
export type RefreshOutcome = 'renewed' | 'ended' | 'unreachable';

let channel: BroadcastChannel | null | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let inTab: Promise<RefreshOutcome> | undefined;
/** Who waits for the next token from another tab. */
let arrivals: (() => void)[] = [];

/** This tab's end of the channel (`null` where BroadcastChannel is missing), listening once open. */
function tabs(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SESSION_CHANNEL) : null;
    channel?.addEventListener('message', (e: MessageEvent<unknown>) => hear(e.data));
  }
  return channel;
}

const isSessionMessage = (m: unknown): m is SessionMessage =>
  typeof m === 'object' &&
  m !== null &&
  typeof (m as SessionMessage).accessToken === 'string' &&
  typeof (m as SessionMessage).expiresAt === 'number' &&
  ((m as SessionMessage).role === 'learner' || (m as SessionMessage).role === 'admin');

/** Another tab signed in, renewed the token, or signed out. */
function hear(message: unknown) {
  if (message === SIGNED_OUT) {
    clearTimeout(timer);
    useSession.getState().signOut();
    return;
  }
  if (!isSessionMessage(message)) return;
  const s = useSession.getState();
  // A tab working in the other pool keeps its own session.
  if (s.status === 'signed-in' && s.role !== message.role) return;
  s.signIn(
    message.role,
    message.user ?? s.user ?? { name: '', email: '' },
    message.accessToken,
    message.expiresAt,
  );
  schedule(message.expiresAt);
  for (const arrived of arrivals.splice(0)) arrived();
}

/** Resolves once another tab's token arrives (`true`), or after `ms` without one (`false`). */
function tokenArrival(ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const arrived = () => {
      clearTimeout(giveUp);
      resolve(true);
    };
    const giveUp = setTimeout(() => {
      arrivals = arrivals.filter((a) => a !== arrived);
      resolve(false);
    }, ms);
    arrivals.push(arrived);
  });
}

const renewedAt = () => Number(localStorage.getItem(RENEWED_AT_KEY) ?? 0);

/** Renews the token {@link REFRESH_AHEAD_MS} before it expires (halfway, for a short-lived one). */
function schedule(expiresAt: number) {
  clearTimeout(timer);
  const lifetime = expiresAt - Date.now();
  const wait = lifetime > 2 * REFRESH_AHEAD_MS ? lifetime - REFRESH_AHEAD_MS : lifetime / 2;
  timer = setTimeout(() => void refreshSession(accessToken()), Math.max(wait, 0));
}

/** Runs `work` holding the session lock, or as it is where the browser has no Web Locks. */
async function withLock(work: () => Promise<RefreshOutcome>): Promise<RefreshOutcome> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks as LockManager | undefined;
  // The lock resolves with the awaited result of `work` (lib.dom types it one Promise too deep).
  return locks ? await locks.request(SESSION_CHANNEL, work) : work();
}

/** Whether this tab holds a token newer than `stale` that has not expired. */
const holdsNewer = (stale: string | null) => {
  const held = accessToken();
  return Boolean(held && held !== stale && (accessTokenExpiresAt() ?? 0) > Date.now());
};

/**
 * Inside the lock: a token another tab delivered meanwhile, else one from the cookie. `asked`:
 * when this tab asked for the lock; a renewal stamped since means another tab's token is on its
 * way (its message can arrive after the lock is granted), so it is awaited, not fetched again.
 */
async function renew(stale: string | null, asked: number): Promise<RefreshOutcome> {
  if (holdsNewer(stale)) return 'renewed';
  if (channel && renewedAt() >= asked && (await tokenArrival(MESSAGE_WAIT_MS)) && holdsNewer(stale))
    return 'renewed';
  const { role } = useSession.getState();
  if (!role) return 'ended';
  let res: Response;
  try {
    // The boot script's refresh (a lesson link, web/src/boot/boot.ts), adopted once, else ours.
    res = await (takeBootRefresh(role) ??
      fetch(apiPath(`${role}.login.refresh`), {
        method: 'POST',
        headers: { ...CSRF_HEADERS },
        credentials: 'same-origin',
      }));
  } catch {
    return 'unreachable';
  }
  if (res.status === 401) {
    if (useSession.getState().role === role) endHere();
    return 'ended';
  }
  if (!res.ok) return 'unreachable';
  const body = (await res.json().catch(() => ({}))) as Partial<RefreshAnswer>;
  const s = useSession.getState();
  // Signed out (or into the other pool) while the answer was on its way: it is not ours to keep.
  if (!body.accessToken || !s.isAuthenticated || s.role !== role) return 'ended';
  const expiresAt = Date.now() + (body.expires_in ?? 0) * 1000;
  s.setAccessToken(body.accessToken, expiresAt);
  schedule(expiresAt);
  localStorage.setItem(RENEWED_AT_KEY, String(Date.now()));
  tabs()?.postMessage({
    accessToken: body.accessToken,
    expiresAt,
    role,
    user: s.user,
  } satisfies SessionMessage);
  return 'renewed';
}

/**
 * A new access token from the session cookie, one refresh at a time across this browser's tabs.
 * `stale`: the token the caller found wanting (refused with a 401, or about to expire); a newer
 * one that another tab delivered meanwhile is used instead of refreshing again. Calls made while
 * a refresh is under way in this tab share it.
 */
export function refreshSession(stale: string | null = accessToken()): Promise<RefreshOutcome> {
  tabs(); // a tab waiting for the lock hears the token another tab delivers meanwhile
  const asked = Date.now();
  inTab ??= withLock(() => renew(stale, asked)).finally(() => {
    inTab = undefined;
  });
  return inTab;
}

/** Drops this tab's session (token, hint, timer) without telling the others. */
function endHere() {
  clearTimeout(timer);
  useSession.getState().signOut();
}

/**
 * At start: listens to the other tabs and, when the persisted hint says a role is signed in,
 * trades the session cookie for an access token before the guarded screens decide (they wait
 * while the status is `restoring`). A 401 clears the hint; an unreachable server keeps it.
 */
export async function startSession(): Promise<void> {
  tabs();
  const s = useSession.getState();
  if (!s.isAuthenticated || !s.role || accessToken()) return;
  s.startRestoring();
  await refreshSession(null);
  useSession.getState().stopRestoring();
}

/**
 * Keeps a session that a sign-in opened (password or code): the token in memory, its renewal
 * scheduled, and the other tabs told. The answer's refresh token is never kept: the cookie has it.
 */
export function openSession(role: Role, user: SessionUser, token: string, expiresIn: number) {
  const expiresAt = Date.now() + expiresIn * 1000;
  useSession.getState().signIn(role, user, token, expiresAt);
  schedule(expiresAt);
  tabs()?.postMessage({ accessToken: token, expiresAt, role, user } satisfies SessionMessage);
}

/** Ends the session in this tab and in every other tab of this browser at once. */
export function closeSession() {
  endHere();
  tabs()?.postMessage(SIGNED_OUT);
}

/** Stops listening and renewing (tests; a page being torn down). */
export function stopSession() {
  clearTimeout(timer);
  arrivals = [];
  channel?.close();
  channel = undefined;
  inTab = undefined;
}
