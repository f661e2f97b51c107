import type { Translations } from '@gia/shared';
import { getRecords, getRecordsAndGrants, type Ref } from '../../db/catalogue.ts';
import { pickOf } from '../../db/records.ts';
import { isFreeCourse } from './entitlement.ts';

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
  /** The subject's translations (issue 33), where a write reads it as stored. */
  translations?: Translations;
}

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
  return (await subjectCardsAnd(refs)).cards;
}

/** {@link subjectCards}, and other items by key (`extras`, whole) in the same BatchGet. */
export async function subjectCardsAnd(
  refs: (string | SubjectRef)[],
  extraKeys: { pk: string; sk: string }[] = [],
): Promise<{ cards: Map<string, SubjectCard>; extras: Record<string, unknown>[] }> {
  const wanted = refs
    .map((r) => (typeof r === 'string' ? { subject_id: r } : r))
    .filter((r) => r.subject_id);
  const ids = [...new Set(wanted.map((r) => r.subject_id))];
  if (!ids.length && !extraKeys.length) return { cards: new Map(), extras: [] };
  const first: Ref[] = ids.map((id): Ref => ({ entity: 'subject', id }));
  for (const r of wanted) {
    if (r.class_id) first.push({ entity: 'class', id: r.class_id });
    if (r.board_id) first.push({ entity: 'board', id: r.board_id });
  }
  const { records: subjects, extras } = await getRecordsAndGrants(
    first,
    undefined,
    [],
    [],
    extraKeys,
  );
  const missing: Ref[] = [];
  for (const id of ids) {
    const s = pickOf(subjects, 'subject', id);
    if (!s) continue;
    if (!pickOf(subjects, 'class', s.class_id)) missing.push({ entity: 'class', id: s.class_id });
    if (!pickOf(subjects, 'board', s.board_id)) missing.push({ entity: 'board', id: s.board_id });
  }
  const above = missing.length ? new Map([...subjects, ...(await getRecords(missing))]) : subjects;
  const cards = new Map<string, SubjectCard>();
  for (const id of ids) {
    const subject = pickOf(subjects, 'subject', id);
    if (!subject) continue;
    const cls = pickOf(above, 'class', subject.class_id);
    const board = pickOf(above, 'board', subject.board_id);
    cards.set(id, {
      subject_id: id,
      subject_name: subject.subject_name,
      subject_price: Number(subject.subject_price ?? 0),
      subject_image_url: subject.subject_image_url ?? '',
      class_id: subject.class_id,
      class_name: cls?.class_name ?? '',
      class_price: Number(cls?.class_price ?? 0),
      board_id: subject.board_id,
      board_name: board?.board_name ?? '',
      free: isFreeCourse({ subject, class: cls, board }),
      ...(subject.translations ? { translations: subject.translations } : {}),
    });
  }
  return { cards, extras };
}

/**
 * The learner's list screens (cart, favourites, purchases): each of the learner's items that
 * names a subject becomes a row with that subject's current card; items whose subject is gone
 * are left out. One BatchGet for all of them (see {@link subjectCards}).
 */
export async function withSubjectCards<I extends SubjectRef, R>(
  items: I[],
  toRow: (item: I, card: SubjectCard) => R,
): Promise<R[]> {
  const cards = await subjectCards(items);
  return items.flatMap((item) => {
    const card = cards.get(item.subject_id);
    return card ? [toRow(item, card)] : [];
  });
}
