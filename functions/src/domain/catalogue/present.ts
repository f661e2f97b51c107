import {
  idOf,
  presentedVideoOf,
  textField,
  type AnyCatalogueRecord,
  type CatalogueEntity,
  type RecordOf,
} from '@gia/shared';
import type { Ref } from '../../db/catalogue-keys.ts';
import { getRecordsAndGrants, pick, ratingOf, type RecordMap } from '../../db/catalogue-reads.ts';
import { isFreeCourse } from '../entitlement/index.ts';
import { signedMediaUrl } from '../../lib/media.ts';
import { videoDelivery } from '../../lib/hls-access.ts';
import { fieldsOf, shownParents } from './hierarchy.ts';

/** Entities whose review aggregates are kept (by the review writes) and shown in lists. */
const RATED: readonly CatalogueEntity[] = ['class', 'subject'];

/** Fields holding private media, answered as signed urls (or `null`). */
const MEDIA_FIELDS = ['video_url', 'notes_url'];

/** The ancestors whose names some records show (for one BatchGet). */
export function parentRefs(entity: CatalogueEntity, records: AnyCatalogueRecord[]): Ref[] {
  const shown = shownParents(entity);
  return records.flatMap((r) =>
    shown.flatMap((p) => {
      const id = textField(r, p.idField);
      return id ? [{ entity: p.entity, id }] : [];
    }),
  );
}

/** The current names of a record's ancestors; `missing(id)` for one not fetched. */
export function parentNames(
  entity: CatalogueEntity,
  r: AnyCatalogueRecord,
  ancestors: RecordMap,
  missing: (id: string) => null | '',
): Record<string, unknown> {
  const names: Record<string, unknown> = {};
  for (const p of shownParents(entity)) {
    const id = textField(r, p.idField);
    const parent = pick(ancestors, p.entity, id);
    names[p.nameField] = (parent && fieldsOf(parent)[p.nameField]) ?? missing(id);
  }
  return names;
}

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
  const refs = parentRefs(entity, records);
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
      // A parent that is gone shows null; a record without that parent ''.
      Object.assign(
        out,
        parentNames(entity, r, ancestors, (id) => (id ? null : '')),
      );
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
      if (entity === 'topic' || entity === 'about-subject') {
        // The transcode's state (issue 15); public views drop `video_error` (admin only).
        delete out.video_error;
        Object.assign(out, presentedVideoOf(r as object, { admin: true }));
      }
      for (const f of MEDIA_FIELDS) {
        if (f in out) out[f] = options.signMedia ? await signedMediaUrl(out[f]) : null;
      }
      if (entity === 'topic' || entity === 'about-subject') {
        // Delivery (issue 15): HLS url, poster and access cookies only where media is signed.
        Object.assign(out, await videoDelivery(r as object, options.signMedia));
      }
      return out as RecordOf<E>;
    }),
  );
}
