/*
 * The message catalogues in parts (issue 33: "keep the landing page's budget"). Each language
 * still has one catalogue, src/locales/<language>.json; the build cuts it into these parts by id
 * (web/build/catalogue-parts.ts), so a page loads only the messages its screens use. The shell's
 * English is compiled into the main chunk; every other part (and the shell in Kannada or Hindi) is
 * a chunk of its own, loaded by the route that needs it before it renders (`withMessages`,
 * src/lib/i18n.ts). parts.test.ts proves each screen's ids are in a part loaded for it.
 */

/**
 * The parts, each the ids it holds: a whole area (`cart`: every `cart.*` id) or one id
 * (`lesson.loading`). An id belongs to the part of its longest matching entry.
 */
export const CATALOGUE_PARTS = {
  /** The first paint of any page: header, footer, language choice, landing, course lists, states. */
  shell: [
    'app',
    'page',
    'nav',
    'footer',
    'language',
    'landing',
    'common',
    'catalogue',
    'outbox',
    // The header's review reminder (components/review-line.tsx).
    'reviews.dueToday',
    'reviews.streak',
    'reviews.streakKeepGoing',
    // The lesson's skeleton, shown while the lesson's own code loads (components/lesson-skeleton.tsx).
    'lesson.loading',
    // A save for offline that failed in the background (features/downloads/downloads.ts, loaded
    // by the app's keeper, not by a route).
    'downloads.storageFull',
    'downloads.interrupted',
  ],
  /** Sign-in, sign-up and password screens. */
  auth: ['auth'],
  /** Terms, privacy, the page not found. */
  static: ['static'],
  /** The video player and lesson lengths: class and subject previews, lessons, the back office. */
  player: [
    'player',
    'lesson.lengthSeconds',
    'lesson.lengthMinutes',
    'lesson.lengthHoursMinutes',
    'lesson.lengthHours',
    'lesson.count',
  ],
  /** What a subject offers and a learner owns: subject page, cart, favourites, my courses. */
  course: ['subject', 'cart', 'favourites', 'courses'],
  /** The lesson and what goes with it: practice, the AI teacher, reviews, questions, notes, saves. */
  learning: ['lesson', 'practice', 'ai', 'reviews', 'questions', 'notes', 'downloads'],
  /** Search (issue 34): the /search page and its results. */
  search: ['search'],
  /** The learner's account: profile, payment, orders. */
  account: ['profile', 'payment', 'orders'],
  /**
   * The server's messages by code (src/lib/server-text.ts), in a language other than English
   * only (in English the server's own text is shown), awaited by the API client before it hands
   * over an answer (src/lib/api-client.ts).
   */
  server: ['server'],
} as const satisfies Record<string, readonly string[]>;

/** A part of the catalogues. */
export type CataloguePart = keyof typeof CATALOGUE_PARTS;

/** Every part, in declaration order. */
export const CATALOGUE_PART_NAMES = Object.keys(CATALOGUE_PARTS) as CataloguePart[];

/** The part compiled into the main chunk (in the source language). */
export const SHELL_PART: CataloguePart = 'shell';

const ENTRIES = CATALOGUE_PART_NAMES.flatMap((part) =>
  CATALOGUE_PARTS[part].map((entry) => ({ entry, part })),
).sort((a, b) => b.entry.length - a.entry.length);

/** Whether catalogue `entry` (an area or an id) holds `id`. */
export const entryHolds = (entry: string, id: string) => id === entry || id.startsWith(`${entry}.`);

/** The part an id belongs to (its longest matching entry's), or undefined when none holds it. */
export function partOf(id: string): CataloguePart | undefined {
  return ENTRIES.find(({ entry }) => entryHolds(entry, id))?.part;
}
