/*
 * The public catalogue reads (boards › classes › subjects › sub-subjects › chapters › topics,
 * a class's detail, testimonials). Several features show them (landing, catalogue, the topic
 * viewer), so they live here rather than in one feature: features do not import each other.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  BoardRecord,
  ChapterRecord,
  ClassRecord,
  SubjectRecord,
  SubSubjectRecord,
  TestimonialRecord,
  TopicRecord,
} from '@gia/shared/catalogue-records.ts';
import { call } from './api-call.ts';
import { allPages } from './all-pages.ts';
import { DEPENDS_ON_PURCHASES } from './purchases-api.ts';

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
};

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
    // A topic's video is signed, and `locked` false, only for a learner who may watch it.
    meta: DEPENDS_ON_PURCHASES,
    queryFn: () => allPages<TopicRecord>('catalogue.getTopics', { chapter_id: chapterId }),
  });
export const useClassDetail = (classId?: string) =>
  useQuery({
    queryKey: catalogueKeys.classDetail(classId),
    enabled: Boolean(classId),
    meta: DEPENDS_ON_PURCHASES,
    queryFn: async () =>
      (await call('catalogue.getClassById', { params: { classId: classId ?? '' } })).data,
  });
export const useTestimonials = () =>
  useQuery({
    queryKey: catalogueKeys.testimonials(),
    queryFn: () => allPages<TestimonialRecord>('catalogue.gettestimonial'),
  });
