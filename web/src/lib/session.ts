import {
  ancestorEntities,
  CATALOGUE_TREE,
  type CatalogueEntity,
} from '@gia/shared/catalogue-tree.ts';
import { create } from 'zustand';
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

interface SessionState {
  isAuthenticated: boolean;
  role: Role | null;
  user: SessionUser | null;
  selections: Selections;
  signIn(role: Role, user: SessionUser, accessToken: string, refreshToken: string): void;
  signOut(): void;
  setAccessToken(token: string): void;
  select(level: keyof Selections, value: Selection): void;
  /** A link to a screen of `level` was followed: see {@link followTrail}. */
  follow(level: keyof Selections, trail: Selections): void;
}

export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

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
 * Client state (docs/api.md §9): the access token in sessionStorage; the persisted copy of
 * this store in localStorage under the key `root`.
 */
export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      isAuthenticated: false,
      role: null,
      user: null,
      selections: {},
      signIn(role, user, accessToken, refreshToken) {
        sessionStorage.setItem(ACCESS_TOKEN_KEY, accessToken);
        sessionStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
        set({ isAuthenticated: true, role, user });
      },
      signOut() {
        sessionStorage.removeItem(ACCESS_TOKEN_KEY);
        sessionStorage.removeItem(REFRESH_TOKEN_KEY);
        set({ isAuthenticated: false, role: null, user: null });
      },
      setAccessToken(token) {
        sessionStorage.setItem(ACCESS_TOKEN_KEY, token);
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
      name: 'root',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        isAuthenticated: s.isAuthenticated,
        role: s.role,
        user: s.user,
        selections: s.selections,
      }),
      // A session lives only while this tab holds its token.
      onRehydrateStorage: () => (state) => {
        if (state?.isAuthenticated && !sessionStorage.getItem(ACCESS_TOKEN_KEY)) {
          state.isAuthenticated = false;
          state.role = null;
          state.user = null;
        }
      },
    },
  ),
);

export const accessToken = () => sessionStorage.getItem(ACCESS_TOKEN_KEY);
export const refreshToken = () => sessionStorage.getItem(REFRESH_TOKEN_KEY);

/** Whether the current tab holds a session of this role. */
export const hasSession = (role: Role) => {
  const s = useSession.getState();
  return s.isAuthenticated && s.role === role && Boolean(accessToken());
};
