import {
  ANSWER_MESSAGES,
  CatalogueListQuery,
  CatalogueReadQuery,
  LessonQuery,
  PageQuery,
} from '@gia/shared';
import {
  caller,
  createGroupHandler,
  ok,
  sessionCheckInReads,
  type ApiRequest,
} from '../lib/http.ts';
import { parse } from '../lib/validation.ts';
import { lessonOf } from './lesson.ts';
import { myCatalogueState } from './mine.ts';
import { subjectOutline } from './outline.ts';
import { publicClassDetail, publicList, publicSubject, publicTopics } from './public.ts';

const filters = (req: ApiRequest) => parse(CatalogueListQuery, req.query);
const paging = (req: ApiRequest) => parse(PageQuery, req.query);
/** The medium a list of classes or subjects is narrowed to (`lang` the router reads itself). */
const medium = (req: ApiRequest) => parse(CatalogueReadQuery, req.query).medium;
const list = <T>(items: T[], nextCursor: string | null, message: string) =>
  ok(message, items, { next_cursor: nextCursor });

/**
 * Public catalogue reads (docs/api.md §4): the same answer for everyone, cached at the edge (a
 * token is never read); and the learner's own part of a page, never cached.
 */
export const handler = createGroupHandler('catalogue', {
  'catalogue.getBoards': async (req) => {
    const p = await publicList('board', paging(req));
    return list(p.items, p.nextCursor, ANSWER_MESSAGES.boards);
  },
  'catalogue.getClasses': async (req) => {
    const { board_id } = filters(req);
    const p = await publicList('class', paging(req), board_id, medium(req));
    return list(p.items, p.nextCursor, ANSWER_MESSAGES.classes);
  },
  'catalogue.getClassById': async (req) =>
    ok(ANSWER_MESSAGES.class, await publicClassDetail(req.params.classId ?? '')),
  'catalogue.getSubjects': async (req) => {
    const q = filters(req);
    if (q.subject_id)
      return list(await publicSubject(q.subject_id), null, ANSWER_MESSAGES.subjects);
    const p = await publicList('subject', paging(req), q.class_id, medium(req));
    return list(p.items, p.nextCursor, ANSWER_MESSAGES.subjects);
  },
  'catalogue.getSubSubjects': async (req) => {
    const { subject_id } = filters(req);
    const p = await publicList('sub-subject', paging(req), subject_id);
    return list(p.items, p.nextCursor, ANSWER_MESSAGES.subSubjects);
  },
  'catalogue.getChapters': async (req) => {
    const { sub_subject_id } = filters(req);
    const p = await publicList('chapter', paging(req), sub_subject_id);
    return list(p.items, p.nextCursor, ANSWER_MESSAGES.chapters);
  },
  'catalogue.getTopics': async (req) => {
    const { chapter_id } = filters(req);
    const p = await publicTopics(paging(req), chapter_id);
    return list(p.items, p.nextCursor, ANSWER_MESSAGES.topics);
  },
  'catalogue.gettestimonial': async (req) => {
    const p = await publicList('testimonial', paging(req));
    return list(p.items, p.nextCursor, ANSWER_MESSAGES.testimonials);
  },
  'catalogue.getSubjectOutline': async (req) =>
    ok(ANSWER_MESSAGES.subjectOutline, await subjectOutline(req.params.subjectId ?? '')),
  // Read-only: the session check rides in its BatchGet (issue 30).
  'catalogue.getLesson': sessionCheckInReads(async (req) => {
    const { topic_id, chapter_id } = parse(LessonQuery, req.query);
    return ok(ANSWER_MESSAGES.lesson, await lessonOf(topic_id, req.identity, chapter_id));
  }),
  'catalogue.getMyCatalogueState': async (req) =>
    ok(ANSWER_MESSAGES.myCatalogueState, await myCatalogueState(caller(req).userId, filters(req))),
});
