import { idOf, textField, type CatalogueEntity, type RecordOf } from '@gia/shared';
import type { Ref } from '../db/catalogue-keys.ts';
import { getRecordsAndGrants, pick, ratingOf } from '../db/catalogue-reads.ts';
import { isFreeCourse } from '../lib/entitlement.ts';
import { signedMediaUrl } from '../lib/media.ts';
import { fieldsOf, shownParents } from './hierarchy.ts';

/** Entities whose review aggregates are kept (by the review writes) and shown in lists. */
const RATED: readonly CatalogueEntity[] = ['class', 'subject'];

/** Fields holding private media, answered as signed urls (or `null`). */
const MEDIA_FIELDS = ['video_url', 'notes_url'];

/**
 * Records as the API shows them: with the current names of their ancestors (one BatchGet for
 * the whole list), their rating when asked, a topic's `free_course`, and private media urls
 * signed (`signMedia`) or `null`.
 */
export async function withNamesAndMedia<E extends CatalogueEntity>(
  entity: E,
  records: RecordOf<E>[],
  options: { signMedia: boolean; ratings?: boolean },
): Promise<RecordOf<E>[]> {
  const shown = shownParents(entity);
  const refs: Ref[] = [];
  for (const r of records) {
    for (const p of shown) {
      const id = textField(r, p.idField);
      if (id) refs.push({ entity: p.entity, id });
    }
  }
  const rated =
    options.ratings && RATED.includes(entity)
      ? records.map((r): Ref => ({ entity, id: idOf(entity, r) }))
      : [];
  const { records: ancestors, ratings } =
    refs.length || rated.length
      ? await getRecordsAndGrants(refs, undefined, [], rated)
      : { records: new Map(), ratings: new Map() };
  return Promise.all(
    records.map(async (r) => {
      const out: Record<string, unknown> = { ...r };
      for (const p of shown) {
        const parent = pick(ancestors, p.entity, out[p.idField]);
        out[p.nameField] =
          (parent && fieldsOf(parent)[p.nameField]) ?? (textField(r, p.idField) ? null : '');
      }
      if (rated.length) {
        const rating = ratingOf(ratings, { entity, id: idOf(entity, r) });
        // Only real reviews: no rating is shown until there is one.
        out.rating = rating && rating.review_count > 0 ? rating : null;
      }
      if (entity === 'topic') {
        out.free_course = isFreeCourse({
          subject: pick(ancestors, 'subject', out.subject_id),
          class: pick(ancestors, 'class', out.class_id),
          board: pick(ancestors, 'board', out.board_id),
        });
      }
      for (const f of MEDIA_FIELDS) {
        if (f in out) out[f] = options.signMedia ? await signedMediaUrl(out[f]) : null;
      }
      return out as RecordOf<E>;
    }),
  );
}
