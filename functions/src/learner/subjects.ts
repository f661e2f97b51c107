import { getRecords, pick, type Ref } from '../db/catalogue.ts';
import { isFreeCourse } from '../lib/entitlement.ts';

/** What the learner screens show of a subject, with its class and board. */
export interface SubjectCard {
  subject_id: string;
  subject_name: string;
  subject_price: number;
  subject_image_url: string;
  class_id: string;
  class_name: string;
  class_price: number;
  board_id: string;
  board_name: string;
  /** The subject, its class or its board is a free course. */
  free: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A subject to show, with the class and board it had when the learner picked it. */
export interface SubjectRef {
  subject_id: string;
  class_id?: string;
  board_id?: string;
}

/**
 * Cards of some subjects (missing subjects are left out). With the class and board ids the
 * learner's items remember, one BatchGet fetches subjects, classes and boards together; only a
 * subject moved to another class since needs a second one.
 */
export async function subjectCards(
  refs: (string | SubjectRef)[],
): Promise<Map<string, SubjectCard>> {
  const wanted = refs
    .map((r) => (typeof r === 'string' ? { subject_id: r } : r))
    .filter((r) => r.subject_id);
  const ids = [...new Set(wanted.map((r) => r.subject_id))];
  if (!ids.length) return new Map();
  const first: Ref[] = ids.map((id): Ref => ({ entity: 'subject', id }));
  for (const r of wanted) {
    if (r.class_id) first.push({ entity: 'class', id: r.class_id });
    if (r.board_id) first.push({ entity: 'board', id: r.board_id });
  }
  const subjects = await getRecords(first);
  const missing: Ref[] = [];
  for (const id of ids) {
    const s = pick(subjects, 'subject', id);
    if (!s) continue;
    if (!pick(subjects, 'class', s.class_id))
      missing.push({ entity: 'class', id: str(s.class_id) });
    if (!pick(subjects, 'board', s.board_id))
      missing.push({ entity: 'board', id: str(s.board_id) });
  }
  const above = missing.length ? new Map([...subjects, ...(await getRecords(missing))]) : subjects;
  const cards = new Map<string, SubjectCard>();
  for (const id of ids) {
    const subject = pick(subjects, 'subject', id);
    if (!subject) continue;
    const cls = pick(above, 'class', subject.class_id);
    const board = pick(above, 'board', subject.board_id);
    cards.set(id, {
      subject_id: id,
      subject_name: str(subject.subject_name),
      subject_price: Number(subject.subject_price ?? 0),
      subject_image_url: str(subject.subject_image_url),
      class_id: str(subject.class_id),
      class_name: str(cls?.class_name),
      class_price: Number(cls?.class_price ?? 0),
      board_id: str(subject.board_id),
      board_name: str(board?.board_name),
      free: isFreeCourse({ subject, class: cls, board }),
    });
  }
  return cards;
}
