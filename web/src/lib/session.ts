import {
  ancestorEntities,
  CATALOGUE_TREE,
  type CatalogueEntity,
} from '@gia/shared/catalogue-tree.ts';
import { create } from 'zustand';
import { BOOT_NAMES } from './boot-contract.ts';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Role = 'learner' | 'admin';

export interface SessionUser {
  empid?: string;
  name: string;
  email: string;
}

/** A chosen record of one level. */
export interface Selection {
  id: string;
  name: string;
}

/** `sub-subject` → `subSubject`: the levels' keys in the persisted store. */
type Camel<S extends string> = S extends `${infer A}-${infer B}`
  ? `${A}${Capitalize<Camel<B>>}`
  : S;
const camel = <S extends string>(s: S) =>
  s.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) as Camel<S>;

/** The levels a learner chooses through: every ancestor of a topic. */
type Level = Exclude<CatalogueEntity, 'topic' | 'about-subject' | 'testimonial'>;

/** The learner's choices through Board › Class › Subject › Sub-Subject › Chapter. */
export type Selections = { [L in Level as Camel<L>]?: Selection };

/**
 * Whether this tab holds a session: `restoring` while the session cookie is being exchanged for an
 * access token at start (guards wait), `signed-in` while an access token is in memory.
 */
export type SessionStatus = 'signed-out' | 'restoring' | 'signed-in';

interface SessionState {
  /** The persisted hint: a session of `role` was open on this device (it may have ended). */
  isAuthenticated: boolean;
  role: Role | null;
  user: SessionUser | null;
  selections: Selections;
  /** This tab's own state, never persisted. */
  status: SessionStatus;
  /** Keeps a session: the hint, and the access token in memory (never in storage). */
  signIn(role: Role, user: SessionUser, accessToken: string, expiresAt: number): void;
  /** Drops the token and the hint. */
  signOut(): void;
  /** A renewed access token of the current session. */
  setAccessToken(token: string, expiresAt: number): void;
  /** The hint is being checked against the session cookie. */
  startRestoring(): void;
  /** The check could not be made (offline, a server error): the hint stays, the tab has no token. */
  stopRestoring(): void;
  select(level: keyof Selections, value: Selection): void;
  /** A link to a screen of `level` was followed: see {@link followTrail}. */
  follow(level: keyof Selections, trail: Selections): void;
}

/**
 * The access token and when it expires (epoch ms). A module variable, never written to any
 * storage: a script injected into the page cannot read it back from there, and the refresh token
 * is out of reach in its HttpOnly cookie (docs/api.md §9).
 */
let held: { token: string; expiresAt: number } | null = null;

/** The catalogue entities a learner chooses, top-down (board … chapter). */
const ENTITIES = ancestorEntities('topic').reverse() as Level[];
/** The selection levels top-down, from the catalogue tree. */
export const LEVELS = ENTITIES.map((e) => camel(e) as keyof Selections);

/**
 * The selections a catalogue record carries down to `level`: its ancestors' ids and names (and its
 * own, when it is of that level). A subject record gives board and class (and the subject); a
 * sub-subject record gives board, class and subject. An ancestor it lacks (a chapter hanging
 * directly off its subject has no sub-subject) is left out; a gone ancestor's name is `''`.
 */
export function trailOf(record: object, level: keyof Selections): Selections {
  const fields = record as Record<string, unknown>;
  const trail: Selections = {};
  for (const entity of ENTITIES) {
    const { id, name } = CATALOGUE_TREE[entity];
    const idValue = fields[id];
    const nameValue = fields[name];
    const at = camel(entity) as keyof Selections;
    if (typeof idValue === 'string' && idValue) {
      trail[at] = { id: idValue, name: typeof nameValue === 'string' ? nameValue : '' };
    }
    if (at === level) break;
  }
  return trail;
}

/**
 * The selections after a deep link to a screen of `level` (its id in the URL): the trail replaces
 * the levels down to `level`; the levels below it stay only while `level` keeps the same record
 * (a learner back on the subjects of the class they were in keeps their subject). Returns
 * `current` itself when nothing changes.
 */
export function followTrail(
  current: Selections,
  trail: Selections,
  level: keyof Selections,
): Selections {
  const at = LEVELS.indexOf(level);
  const keepBelow = current[level]?.id !== undefined && current[level]?.id === trail[level]?.id;
  const next: Selections = {};
  for (const [i, l] of LEVELS.entries()) {
    const value = i <= at ? trail[l] : keepBelow ? current[l] : undefined;
    if (value) next[l] = value;
  }
  const same = (a?: Selection, b?: Selection) => a?.id === b?.id && a?.name === b?.name;
  return LEVELS.every((l) => same(current[l], next[l])) ? current : next;
}

/**
 * Client state (docs/api.md §9): the session hint (role, user) and the learner's selections
 * persisted in localStorage under the key `root`; the access token only in memory.
 */
export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      isAuthenticated: false,
      role: null,
      user: null,
      selections: {},
      status: 'signed-out',
      signIn(role, user, accessToken, expiresAt) {
        held = { token: accessToken, expiresAt };
        set({ isAuthenticated: true, role, user, status: 'signed-in' });
      },
      signOut() {
        held = null;
        set({ isAuthenticated: false, role: null, user: null, status: 'signed-out' });
      },
      setAccessToken(token, expiresAt) {
        held = { token, expiresAt };
        set({ status: 'signed-in' });
      },
      startRestoring() {
        set({ status: 'restoring' });
      },
      stopRestoring() {
        if (get().status === 'restoring') set({ status: held ? 'signed-in' : 'signed-out' });
      },
      select(level, value) {
        // Choosing a level clears the levels below it.
        set((s) => {
          const next: Selections = { ...s.selections, [level]: value };
          for (const l of LEVELS.slice(LEVELS.indexOf(level) + 1)) delete next[l];
          return { selections: next };
        });
      },
      follow(level, trail) {
        const { selections } = get();
        const next = followTrail(selections, trail, level);
        if (next !== selections) set({ selections: next });
      },
    }),
    {
      name: BOOT_NAMES.sessionHint,
      storage: createJSONStorage(() => localStorage),
      // A hint and selections only: never a token, never this tab's status.
      partialize: (s) => ({
        isAuthenticated: s.isAuthenticated,
        role: s.role,
        user: s.user
          ? { name: s.user.name, email: s.user.email, ...(s.user.empid && { empid: s.user.empid }) }
          : null,
        selections: s.selections,
      }),
    },
  ),
);

/** This tab's access token, from memory (`null` without a session). */
export const accessToken = () => held?.token ?? null;

/** When this tab's access token expires (epoch ms), `null` without one. */
export const accessTokenExpiresAt = () => held?.expiresAt ?? null;

/** Whether the current tab holds a session of this role (an access token in memory). */
export const hasSession = (role: Role) => {
  const s = useSession.getState();
  return s.status === 'signed-in' && s.role === role && held !== null;
};

/** {@link hasSession} for a component: it renders again when the tab signs in or out. */
export const useHasSession = (role: Role) =>
  useSession((s) => s.status === 'signed-in' && s.role === role);

/**
 * Mirrors this tab's session on `element` as `data-session`: `learner` or `admin` while the tab
 * holds that role's token, `restoring` while it is being restored, absent when signed out. Never
 * the token itself; for tools and browser tests that cannot read module state. And the persisted
 * hint's role as `data-account` (see BOOT_NAMES.accountHint), kept as the boot script set it.
 */
export function showSessionStatus(element: HTMLElement): () => void {
  const show = (s: SessionState) => {
    const value = s.status === 'signed-in' ? s.role : s.status === 'restoring' ? 'restoring' : null;
    if (value) element.dataset.session = value;
    else delete element.dataset.session;
    // The hint's role, as the boot script set it before the page painted (layout.css reads it).
    const hint = s.isAuthenticated ? s.role : null;
    if (hint) element.dataset[BOOT_NAMES.accountHint] = hint;
    else delete element.dataset[BOOT_NAMES.accountHint];
  };
  show(useSession.getState());
  return useSession.subscribe(show);
}
