import { ancestorEntities, type CatalogueEntity } from '@gia/shared/catalogue-tree.ts';
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
}

export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

/** The selection levels top-down, from the catalogue tree. */
const LEVELS = ancestorEntities('topic')
  .reverse()
  .map((e) => camel(e) as keyof Selections);

/**
 * Client state (docs/api.md §9): the access token in sessionStorage; the persisted copy of
 * this store in localStorage under the key `root`.
 */
export const useSession = create<SessionState>()(
  persist(
    (set) => ({
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
