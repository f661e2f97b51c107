import { getRecord, getRecordsAndGrants, pick, subjectAboutRecords } from '../db/catalogue.ts';
import { isFreeCourse } from '../lib/entitlement.ts';
import { NotFoundError } from '../lib/errors.ts';
import { signedMediaUrl } from '../lib/media.ts';
import { userItems } from '../db/learner.ts';
import { subjectCards } from './subjects.ts';

/** The subjects a learner owns, with names, newest grants last. */
export async function purchasedSubjects(userId: string) {
  const grants = await userItems(userId, 'GRANT#');
  const cards = await subjectCards(
    grants.map((g) => ({
      subject_id: String(g.subject_id),
      class_id: g.class_id as string,
      board_id: g.board_id as string,
    })),
  );
  return grants
    .map((g) => {
      const c = cards.get(String(g.subject_id));
      if (!c) return undefined;
      return {
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
      };
    })
    .filter((r) => r !== undefined);
}

/** The learner's payments, newest first. */
export async function paymentHistory(userId: string) {
  return (await userItems(userId, 'PAYMENT#', true)).map(({ type: _t, ...p }) => p);
}

/**
 * The about-subject videos and notes of a subject: signed for a learner who owns the subject (or
 * when it is a free course), else `null` with `locked: true`.
 */
export async function aboutSubject(userId: string, subjectId: string) {
  const subject = await getRecord({ entity: 'subject', id: subjectId });
  if (!subject) throw new NotFoundError('Subject not found.');
  const records = (await subjectAboutRecords(String(subject.class_id), subjectId)).filter(
    (r) => r.status === 'Active',
  );
  const { records: above, granted } = await getRecordsAndGrants(
    [
      { entity: 'class', id: String(subject.class_id) },
      { entity: 'board', id: String(subject.board_id) },
      ...records.map((r) => ({ entity: 'sub-subject' as const, id: String(r.sub_subject_id) })),
    ],
    userId,
    [subjectId],
  );
  const open =
    granted.has(subjectId) ||
    isFreeCourse({
      subject,
      class: pick(above, 'class', subject.class_id),
      board: pick(above, 'board', subject.board_id),
    });
  return Promise.all(
    records.map(async (r) => ({
      about_subject_id: r.about_subject_id,
      sub_subject_id: r.sub_subject_id,
      sub_subject_name: pick(above, 'sub-subject', r.sub_subject_id)?.sub_subject_name ?? null,
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
