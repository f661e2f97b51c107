import { LEARNER_MESSAGES } from '@gia/shared/learner-messages.ts';
import { MASTERY_PERCENT } from '@gia/shared/practice-limits.ts';
import { getRecords, getRecordsAndGrants, type Ref } from '../db/catalogue.ts';
import { courseItems, type TopicProgress } from '../db/learner.ts';
import { outlineKey, outlineOf, outlinesFrom, type OutlineTopic } from '../db/outlines.ts';
import { aboutRecordsOfSubject, pickOf, recordOf, topicsOfSubject } from '../db/records.ts';
import { isFreeCourse } from '../domain/entitlement/index.ts';
import { NotFoundError } from '../lib/errors.ts';
import { signedMediaUrl } from '../lib/media.ts';
import { videoDelivery } from '../lib/hls-access.ts';
import { subjectCardsAnd, type SubjectRef } from '../domain/entitlement/index.ts';

const lesson = (t: OutlineTopic) => ({
  chapter_id: t.chapter_id,
  topic_id: t.topic_id,
  topic_name: t.topic_name,
});

/** How far the learner is in one subject, from its outline and the learner's rows. */
function progressIn(
  active: readonly OutlineTopic[],
  mine: Map<string, TopicProgress>,
  mastered: ReadonlySet<string>,
) {
  const started = active.filter((t) => mine.has(t.topic_id));
  const last = started.reduce<OutlineTopic | undefined>(
    (latest, t) =>
      !latest || mine.get(t.topic_id)!.updated_at > mine.get(latest.topic_id)!.updated_at
        ? t
        : latest,
    undefined,
  );
  return {
    topics_total: active.length,
    topics_watched: started.filter((t) => mine.get(t.topic_id)!.completed).length,
    topics_mastered: active.filter((t) => mastered.has(t.topic_id)).length,
    last: last ? lesson(last) : null,
    first: active[0] ? lesson(active[0]) : null,
  };
}

/**
 * `getCourseProgress`: each subject the learner can open (bought, or free with progress in it),
 * bought ones first in purchase order, with how many of its active topics are watched and the
 * topic watched last ("Continue") and its first topic ("Start").
 *
 * DynamoDB requests: 2. One Query of the learner's grants, best scores and progress rows
 * (db/learner.ts `courseItems`), then one BatchGet of the subjects with their classes, boards and
 * outlines (db/outlines.ts; the session check rides in it). More only where something derived is
 * missing: a BatchGet of the started topics whose rows were saved without their place, a second
 * BatchGet for a subject moved to another class, and a Query of its topics for a subject whose
 * outline the stream has not built yet.
 */
export async function courseProgress(userId: string) {
  const { grants: owned, progress: rows, scores } = await courseItems(userId);
  const mastered = new Set(
    scores.filter((s) => s.best_percent >= MASTERY_PERCENT).map((s) => s.topic_id),
  );
  const mine = new Map(rows.map((r) => [r.topic_id, r]));
  const ownedIds = new Set(owned.map((g) => g.subject_id));
  const refs: SubjectRef[] = [...owned];
  const unplaced = rows.filter((r) => !r.subject_id);
  const topics = unplaced.length
    ? await getRecords(unplaced.map((r): Ref => ({ entity: 'topic', id: r.topic_id })))
    : undefined;
  for (const r of rows) {
    const place = r.subject_id ? r : topics && pickOf(topics, 'topic', r.topic_id);
    if (place?.subject_id && !ownedIds.has(place.subject_id)) refs.push(place as SubjectRef);
  }
  const subjectIds = [...new Set(refs.map((r) => r.subject_id))];
  const { cards, extras } = await subjectCardsAnd(refs, subjectIds.map(outlineKey));
  const outlines = outlinesFrom(extras);
  const open = subjectIds.flatMap((id) => {
    const card = cards.get(id);
    return card && (ownedIds.has(id) || card.free) ? [card] : [];
  });
  return Promise.all(
    open.map(async (card) => ({
      subject_id: card.subject_id,
      subject_name: card.subject_name,
      subject_image_url: card.subject_image_url,
      class_id: card.class_id,
      class_name: card.class_name,
      board_id: card.board_id,
      board_name: card.board_name,
      owned: ownedIds.has(card.subject_id),
      ...progressIn(
        outlines.get(card.subject_id) ??
          outlineOf(await topicsOfSubject(card.class_id, card.subject_id)),
        mine,
        mastered,
      ),
    })),
  );
}

/**
 * The about-subject videos and notes of a subject: signed for a learner who owns the subject (or
 * when it is a free course), else `null` with `locked: true`.
 */
export async function aboutSubject(userId: string, subjectId: string) {
  const subject = await recordOf('subject', subjectId);
  if (!subject) throw new NotFoundError(LEARNER_MESSAGES.subjectNotFound);
  const records = (await aboutRecordsOfSubject(subject.class_id, subjectId)).filter(
    (r) => r.status === 'Active',
  );
  const { records: above, granted } = await getRecordsAndGrants(
    [
      { entity: 'class', id: subject.class_id },
      { entity: 'board', id: subject.board_id },
      ...records.map((r) => ({ entity: 'sub-subject' as const, id: r.sub_subject_id })),
    ],
    userId,
    [subjectId],
  );
  const open =
    granted.has(subjectId) ||
    isFreeCourse({
      subject,
      class: pickOf(above, 'class', subject.class_id),
      board: pickOf(above, 'board', subject.board_id),
    });
  return Promise.all(
    records.map(async (r) => ({
      about_subject_id: r.about_subject_id,
      sub_subject_id: r.sub_subject_id,
      sub_subject_name: pickOf(above, 'sub-subject', r.sub_subject_id)?.sub_subject_name ?? null,
      subject_id: subjectId,
      author: r.author,
      comments: r.comments,
      language: r.language,
      video_url: open ? await signedMediaUrl(r.video_url) : null,
      notes_url: open ? await signedMediaUrl(r.notes_url) : null,
      ...(await videoDelivery(r, open)),
      locked: !open,
    })),
  );
}
