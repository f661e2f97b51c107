import {
  LEARNER_MESSAGES,
  type SubjectOutline,
  type SubjectOutlineChapter,
  type SubjectOutlineGroup,
} from '@gia/shared';
import type { Ref } from '../db/catalogue-keys.ts';
import {
  getRecord,
  getRecordsAndGrants,
  pick,
  ratingOf,
  subjectTopicRecords,
} from '../db/catalogue-reads.ts';
import { isFreeCourse, mayWatchTopic } from '../domain/entitlement/index.ts';
import { NotFoundError } from '../lib/errors.ts';
import { publicView } from './public.ts';
import { publicTopic } from './topic-view.ts';

const bySerial = (a: { serial_no: number }, b: { serial_no: number }) => a.serial_no - b.serial_no;

/**
 * What a subject contains, for its page before (and after) purchase: the subject with its class,
 * board and real rating; its Active topics grouped by sub-subject and chapter in serial order,
 * each playable (a signed `video_url`) only where anyone may watch it (the answer is the same for
 * everyone and cached at the edge; what a learner owns comes from `getMyCatalogueState`); the
 * authors, the lesson
 * count and the known total duration. Sub-subjects and chapters without an Active topic are left
 * out (they hold nothing to show).
 *
 * Three requests, whatever the subject's size: the subject (GetItem); its topics, from its part of
 * the class's content partition (one Query); and one BatchGet of its class, board, sub-subjects,
 * chapters and rating.
 */
export async function subjectOutline(subjectId: string): Promise<SubjectOutline> {
  const subject = await getRecord({ entity: 'subject', id: subjectId });
  if (!subject) throw new NotFoundError(LEARNER_MESSAGES.subjectNotFound);
  const topics = (await subjectTopicRecords(subject.class_id, subjectId)).filter(
    (t) => t.status === 'Active',
  );

  const refs: Ref[] = [
    { entity: 'class', id: subject.class_id },
    { entity: 'board', id: subject.board_id },
  ];
  for (const t of topics) {
    refs.push({ entity: 'chapter', id: t.chapter_id });
    if (t.sub_subject_id) refs.push({ entity: 'sub-subject', id: t.sub_subject_id });
  }
  const subjectRef: Ref = { entity: 'subject', id: subjectId };
  const { records, ratings } = await getRecordsAndGrants(refs, undefined, [], [subjectRef]);
  const cls = pick(records, 'class', subject.class_id);
  const board = pick(records, 'board', subject.board_id);
  const rating = ratingOf(ratings, subjectRef);

  // Topics come by chapter id: grouped here, then sorted.
  const groups = new Map<string, SubjectOutlineGroup>();
  const chapters = new Map<string, SubjectOutlineChapter>();
  for (const t of topics) {
    const chapter = pick(records, 'chapter', t.chapter_id);
    // A topic whose chapter is gone is not reachable by a learner: not part of the outline.
    if (!chapter) continue;
    const groupId = chapter.sub_subject_id ?? '';
    let group = groups.get(groupId);
    if (!group) {
      const sub = groupId ? pick(records, 'sub-subject', groupId) : undefined;
      if (groupId && !sub) continue;
      group = {
        sub_subject_id: groupId,
        sub_subject_name: sub?.sub_subject_name ?? '',
        chapters: [],
      };
      groups.set(groupId, group);
    }
    let entry = chapters.get(chapter.chapter_id);
    if (!entry) {
      entry = {
        chapter_id: chapter.chapter_id,
        chapter_name: chapter.chapter_name,
        serial_no: chapter.serial_no,
        topics: [],
      };
      chapters.set(chapter.chapter_id, entry);
      group.chapters.push(entry);
    }
    const open = mayWatchTopic({ topic: t, subject, class: cls, board }, new Set());
    entry.topics.push(await publicTopic(t, open));
  }
  const subSubjects = [...groups.values()];
  for (const g of subSubjects) {
    g.chapters.sort(bySerial);
    for (const c of g.chapters) c.topics.sort(bySerial);
  }
  // Sub-subjects in creation (= id) order, as their list shows them; then the chapters directly
  // under the subject.
  const rank = (g: SubjectOutlineGroup) => (g.sub_subject_id ? `0${g.sub_subject_id}` : '1');
  subSubjects.sort((a, b) => (rank(a) < rank(b) ? -1 : rank(a) > rank(b) ? 1 : 0));

  const shown = subSubjects.flatMap((g) => g.chapters.flatMap((c) => c.topics));
  const authors = [
    ...new Set(
      topics
        .filter((t) => chapters.has(t.chapter_id))
        .map((t) => t.author.trim())
        .filter(Boolean),
    ),
  ];
  return {
    subject: {
      ...publicView(subject),
      class_name: cls?.class_name ?? null,
      board_name: board?.board_name ?? null,
      free_course: isFreeCourse({ subject, class: cls, board }),
      rating: rating && rating.review_count > 0 ? rating : null,
    },
    authors,
    lesson_count: shown.length,
    duration_seconds: shown.reduce((sum, t) => sum + (t.duration_seconds ?? 0), 0),
    sub_subjects: subSubjects,
  };
}
