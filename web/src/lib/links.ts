/**
 * The learner's screens as shareable URLs: every screen under a chosen record carries that
 * record's id in its URL, so it can be bookmarked, shared and reloaded into the same place (a deep
 * link sets the selections from the URL). Build links only through these functions.
 */
import { useSearchParams } from 'react-router-dom';

/** The query parameters the learner's screens read. */
export const LINK_PARAMS = {
  board: 'board',
  class: 'class',
  subject: 'subject',
  subSubject: 'subSubject',
  chapter: 'chapter',
  topic: 'topic',
  order: 'order',
  page: 'page',
  /** A second of the lesson's video to start at (a search's "Video 02:14"). */
  time: 't',
} as const;

export type LinkParam = keyof typeof LINK_PARAMS;

const withQuery = (path: string, query: Partial<Record<LinkParam, string | undefined>>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value) params.set(LINK_PARAMS[key as LinkParam], value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

export const links = {
  boards: () => '/GetBoard',
  /** A board's classes. */
  classes: (boardId: string) => withQuery('/GetClasses', { board: boardId }),
  /** A class's subjects. */
  subjects: (classId: string) => withQuery('/GetSubject', { class: classId }),
  /** A subject's sub-subjects (the learner owns it, or it is free). */
  subSubjects: (subjectId: string) => withQuery('/GetSubSubject', { subject: subjectId }),
  /** A sub-subject's chapters. */
  chapters: (subSubjectId: string) => withQuery('/GetChapters', { subSubject: subSubjectId }),
  /**
   * The lesson player: a chapter, at one topic (else where the learner left off, or the first);
   * with `seconds`, its video starts at that second (a search result's place in the captions).
   */
  topic: (chapterId: string, topicId?: string, seconds?: number) =>
    withQuery('/GetTopic', {
      chapter: chapterId,
      topic: topicId,
      time: seconds === undefined ? undefined : String(Math.max(0, Math.floor(seconds))),
    }),
  /** A topic's notes in the app's viewer, at a page (1-based; the first when absent). */
  notes: (topicId: string, page?: number) =>
    withQuery('/Notes', { topic: topicId, page: page ? String(page) : undefined }),
  /** The lessons and chapters saved on this phone for offline (issue 32). */
  downloads: () => '/Downloads',
  /** A subject's page before (and after) purchase: contents, free previews, price, buying. */
  subject: (subjectId: string) => `/subjects/${encodeURIComponent(subjectId)}`,
  /** A class's page. */
  classDetail: (classId: string) => `/classes/${encodeURIComponent(classId)}`,
  cart: () => '/CartScreen',
  /** The order confirmation after a payment. */
  payment: (orderId: string) => withQuery('/Payment', { order: orderId }),
  myCourses: () => '/MyCourse',
  /** Spaced review: the questions due today, one at a time (issue 31). */
  review: () => '/Review',
};

/** The value of one of the {@link LINK_PARAMS} in the current URL (`undefined` when absent). */
export function useLinkParam(name: LinkParam): string | undefined {
  const [params] = useSearchParams();
  return params.get(LINK_PARAMS[name]) ?? undefined;
}
