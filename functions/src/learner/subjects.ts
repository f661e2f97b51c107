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

/** Cards of some subjects (missing subjects are left out), in two BatchGets. */
export async function subjectCards(subjectIds: string[]): Promise<Map<string, SubjectCard>> {
  const ids = [...new Set(subjectIds.filter(Boolean))];
  if (!ids.length) return new Map();
  const subjects = await getRecords(ids.map((id): Ref => ({ entity: 'subject', id })));
  const parents: Ref[] = [];
  for (const s of subjects.values()) {
    parents.push(
      { entity: 'class', id: str(s.class_id) },
      { entity: 'board', id: str(s.board_id) },
    );
  }
  const above = parents.length ? await getRecords(parents) : new Map();
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
