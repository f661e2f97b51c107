import type { Translations } from '@gia/shared';
import {
  getRecord,
  listByParent,
  pick,
  subjectAboutRecords,
  subjectTopicRecords,
} from './catalogue.ts';

/*
 * What the learner services read of stored catalogue records, typed narrowly instead of read
 * through `typeof v === 'string'` checks. The catalogue service writes every field named here.
 * TODO(issue 13): once the shared `z.infer` record types (shared/src/catalogue.ts) are on main,
 * derive these from them.
 */

export interface BoardFields {
  board_id: string;
  board_name: string;
  free_course?: boolean;
}

export interface ClassFields {
  class_id: string;
  class_name: string;
  board_id: string;
  class_price?: number;
  description?: string;
  free_course?: boolean;
}

export interface SubjectFields {
  subject_id: string;
  subject_name: string;
  class_id: string;
  board_id: string;
  subject_price?: number;
  subject_image_url?: string;
  free_course?: boolean;
  /** Its names in Kannada and Hindi (issue 33), as stored. */
  translations?: Translations;
}

export interface SubSubjectFields {
  sub_subject_id: string;
  sub_subject_name: string;
}

export interface ChapterFields {
  chapter_id: string;
  chapter_name: string;
}

export interface TopicFields {
  topic_id: string;
  topic_name: string;
  topic_description?: string;
  chapter_id: string;
  subject_id: string;
  class_id: string;
  board_id: string;
  notes_url?: string;
  status?: string;
  free_to_watch?: string;
  /** Its texts in Kannada and Hindi (issue 33), where it is read as stored. */
  translations?: Translations;
}

export interface AboutSubjectFields {
  about_subject_id: string;
  sub_subject_id: string;
  subject_id: string;
  author?: string;
  comments?: string;
  language?: string;
  video_url?: string;
  notes_url?: string;
  status?: string;
}

interface FieldsOf {
  board: BoardFields;
  class: ClassFields;
  subject: SubjectFields;
  'sub-subject': SubSubjectFields;
  chapter: ChapterFields;
  topic: TopicFields;
  'about-subject': AboutSubjectFields;
}

/** One stored record by id, typed. */
export const recordOf = async <E extends keyof FieldsOf>(entity: E, id: string) =>
  (await getRecord({ entity, id })) as FieldsOf[E] | undefined;

/** A record fetched by `getRecords`/`getRecordsAndGrants`, typed. */
export const pickOf = <E extends keyof FieldsOf>(
  records: Parameters<typeof pick>[0],
  entity: E,
  id: unknown,
) => pick(records, entity, id) as FieldsOf[E] | undefined;

/** The about-subject records of one subject, typed (see `subjectAboutRecords`). */
export const aboutRecordsOfSubject = async (classId: string, subjectId: string) =>
  (await subjectAboutRecords(classId, subjectId)) as unknown as AboutSubjectFields[];

/** The topics of one subject in lesson order, typed (see `subjectTopicRecords`). */
export const topicsOfSubject = async (classId: string, subjectId: string) =>
  (await subjectTopicRecords(classId, subjectId)) as unknown as TopicFields[];

/** The subjects of a class (up to 1,000), typed. */
export const subjectsOfClass = async (classId: string) =>
  (await listByParent('subject', classId, { limit: 1000 })).items as unknown as SubjectFields[];
