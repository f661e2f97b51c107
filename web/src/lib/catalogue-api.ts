/*
 * The public catalogue reads (boards › classes › subjects › sub-subjects › chapters › topics,
 * a class's detail, testimonials). Several features show them (landing, catalogue, the topic
 * viewer), so they live here rather than in one feature: features do not import each other.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type {
  BoardRecord,
  ChapterRecord,
  ClassRecord,
  MyCatalogueState,
  SubjectRecord,
  SubSubjectRecord,
  TestimonialRecord,
  TopicRecord,
} from '@gia/shared/catalogue-records.ts';
import { call } from './api-call.ts';
import { allPages } from './all-pages.ts';
import { DEPENDS_ON_PURCHASES } from './purchases-api.ts';
import { useHasSession } from './session.ts';

/** Query keys of the catalogue reads. */
export const catalogueKeys = {
  boards: () => ['boards'] as const,
  classes: (boardId?: string) => ['classes', boardId ?? ''] as const,
  subjects: (classId?: string) => ['subjects', classId ?? ''] as const,
  subject: (subjectId?: string) => ['subject', subjectId ?? ''] as const,
  subSubjects: (subjectId?: string) => ['sub-subjects', subjectId ?? ''] as const,
  chapters: (subSubjectId?: string) => ['chapters', subSubjectId ?? ''] as const,
  topics: (chapterId?: string) => ['topics', chapterId ?? ''] as const,
  classDetail: (classId?: string) => ['class', classId ?? ''] as const,
  testimonials: () => ['testimonials'] as const,
  mine: (scope: MyScope) => ['my-catalogue', scope] as const,
  /** Every page's personal part (a video's renewal re-reads them: fresh signed media). */
  allMine: () => ['my-catalogue'] as const,
};

/** The page whose personal part is asked for: one class, subject or chapter. */
export type MyScope = { class_id: string } | { subject_id: string } | { chapter_id: string };

/*
 * `enabled` false: the screen does not need the list (yet), e.g. it has no parent id to list the
 * children of — without a board id the classes read would answer every class.
 */
export const useBoards = (enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.boards(),
    enabled,
    queryFn: () => allPages<BoardRecord>('catalogue.getBoards'),
  });
export const useClasses = (boardId?: string, enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.classes(boardId),
    enabled,
    queryFn: () => allPages<ClassRecord>('catalogue.getClasses', { board_id: boardId }),
  });
export const useSubjects = (classId?: string, enabled = true) =>
  useQuery({
    queryKey: catalogueKeys.subjects(classId),
    enabled,
    queryFn: () => allPages<SubjectRecord>('catalogue.getSubjects', { class_id: classId }),
  });
/** One subject by its id (`undefined` while unknown or absent): `null` when there is none. */
export const useSubjectById = (subjectId?: string) =>
  useQuery({
    queryKey: catalogueKeys.subject(subjectId),
    enabled: Boolean(subjectId),
    queryFn: async () =>
      (await allPages<SubjectRecord>('catalogue.getSubjects', { subject_id: subjectId }))[0] ??
      null,
  });
export const useSubSubjects = (subjectId?: string) =>
  useQuery({
    queryKey: catalogueKeys.subSubjects(subjectId),
    enabled: Boolean(subjectId),
    queryFn: () =>
      allPages<SubSubjectRecord>('catalogue.getSubSubjects', { subject_id: subjectId }),
  });
export const useChapters = (subSubjectId?: string) =>
  useQuery({
    queryKey: catalogueKeys.chapters(subSubjectId),
    enabled: Boolean(subSubjectId),
    queryFn: () =>
      allPages<ChapterRecord>('catalogue.getChapters', { sub_subject_id: subSubjectId }),
  });
export const useTopics = (chapterId?: string) =>
  useQuery({
    queryKey: catalogueKeys.topics(chapterId),
    enabled: Boolean(chapterId),
    queryFn: () => allPages<TopicRecord>('catalogue.getTopics', { chapter_id: chapterId }),
  });
export const useClassDetail = (classId?: string) =>
  useQuery({
    queryKey: catalogueKeys.classDetail(classId),
    enabled: Boolean(classId),
    queryFn: async () =>
      (await call('catalogue.getClassById', { params: { classId: classId ?? '' } })).data,
  });
export const useTestimonials = () =>
  useQuery({
    queryKey: catalogueKeys.testimonials(),
    queryFn: () => allPages<TestimonialRecord>('catalogue.gettestimonial'),
  });

/*
 * The public reads above answer the same to everyone (the edge caches them, issue 30): a topic
 * there is playable only when anyone may watch it. What is the learner's own — the subjects they
 * own, have in the cart and like, and every topic of the page they may play, with its signed
 * media — comes from one small personal call, laid over the public answer once it arrives (the
 * page shows the public part first).
 */

/** The signed-in learner's part of a class's, subject's or chapter's page (none for a visitor). */
export const useMyCatalogueState = (scope: MyScope | undefined) =>
  useQuery({
    queryKey: catalogueKeys.mine(scope ?? { class_id: '' }),
    enabled: useHasSession('learner') && Boolean(scope && Object.values(scope)[0]),
    // A payment opens topics and moves subjects from the cart to the owned.
    meta: DEPENDS_ON_PURCHASES,
    queryFn: async () =>
      (await call('catalogue.getMyCatalogueState', { query: scope as Record<string, string> }))
        .data,
  });

/**
 * A public answer with the learner's playable topics laid over it: every topic (an object with a
 * `topic_id`, wherever it sits: a list, a class's subjects, an outline's chapters) that the
 * learner may play takes its media and `locked: false` from `mine`. Without `mine` the answer is
 * returned as it is.
 */
export function withMyTopics<T>(answer: T, mine: MyCatalogueState | undefined): T {
  if (!mine?.topics.length) return answer;
  const playable = new Map(mine.topics.map((t) => [t.topic_id, t]));
  const overlay = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(overlay);
    if (!value || typeof value !== 'object') return value;
    const own = 'topic_id' in value ? playable.get(String(value.topic_id)) : undefined;
    const next: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) next[k] = overlay(v);
    return own ? { ...next, ...own } : next;
  };
  return overlay(answer) as T;
}

/** `withMyTopics` of a query's data, kept the same object while neither changes. */
export function useWithMyTopics<T>(answer: T | undefined, scope: MyScope | undefined) {
  const mine = useMyCatalogueState(scope);
  return useMemo(
    () => (answer === undefined ? undefined : withMyTopics(answer, mine.data)),
    [answer, mine.data],
  );
}
