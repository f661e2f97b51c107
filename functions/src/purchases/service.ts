import { getRecordsAndGrants } from '../db/catalogue.ts';
import { grants, paymentRows } from '../db/learner.ts';
import { aboutRecordsOfSubject, pickOf, recordOf } from '../db/records.ts';
import { isFreeCourse } from '../lib/entitlement.ts';
import { NotFoundError } from '../lib/errors.ts';
import { signedMediaUrl } from '../lib/media.ts';
import { withSubjectCards } from '../lib/subjects.ts';

/** The subjects a learner owns, with their class and board, oldest grant first. */
async function ownedSubjects(userId: string) {
  return withSubjectCards(await grants(userId), (g, c) => ({
    subject_id: c.subject_id,
    subject_name: c.subject_name,
    subject_price: c.subject_price,
    class_id: c.class_id,
    class_name: c.class_name,
    class_price: c.class_price,
    board_id: c.board_id,
    board_name: c.board_name,
    subject_image_url: c.subject_image_url,
    purchased_at: g.purchased_at,
  }));
}

/** `getsubjects_purchased`: the subjects a learner owns, with names (prices left out). */
export async function purchasedSubjects(userId: string) {
  return (await ownedSubjects(userId)).map(({ subject_price: _p, class_price: _c, ...r }) => r);
}

/** `getUserClassPurchased`: the owned subjects with their classes, boards and prices. */
export async function purchasedClasses(userId: string) {
  return (await ownedSubjects(userId)).map((r) => ({
    board_name: r.board_name,
    class_id: r.class_id,
    class_name: r.class_name,
    class_price: r.class_price,
    subject_id: r.subject_id,
    subject_name: r.subject_name,
    subject_price: r.subject_price,
  }));
}

/** The learner's payments, newest first. */
export const paymentHistory = paymentRows;

/**
 * The about-subject videos and notes of a subject: signed for a learner who owns the subject (or
 * when it is a free course), else `null` with `locked: true`.
 */
export async function aboutSubject(userId: string, subjectId: string) {
  const subject = await recordOf('subject', subjectId);
  if (!subject) throw new NotFoundError('Subject not found.');
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
      locked: !open,
    })),
  );
}
