import { ulid } from 'ulid';
import { LEARNER_MESSAGES as M } from '@gia/shared';
import {
  addFavourite,
  getItem,
  LearnerWriteRefused,
  removeFavourite,
  userItems,
} from '../db/learner.ts';
import { keys } from '../db/keys.ts';
import { NotFoundError } from '../lib/errors.ts';
import { subjectCards } from './subjects.ts';

/** The learner's favourite subjects with their current names and prices. */
export async function getFavourites(userId: string) {
  const items = await userItems(userId, 'FAV#');
  const cards = await subjectCards(
    items.map((i) => ({
      subject_id: String(i.subject_id),
      class_id: i.class_id as string,
      board_id: i.board_id as string,
    })),
  );
  return items
    .map((i) => {
      const card = cards.get(String(i.subject_id));
      if (!card) return undefined;
      return {
        favorite_id: i.favorite_id,
        user_id: userId,
        subject_id: card.subject_id,
        subject_name: card.subject_name,
        subject_price: card.subject_price,
        subject_image_url: card.subject_image_url,
        class_id: card.class_id,
        class_name: card.class_name,
        board_id: card.board_id,
        board_name: card.board_name,
        free_course: card.free,
      };
    })
    .filter((r) => r !== undefined);
}

/** Adds a favourite; adding one already there answers the existing record. */
export async function addToFavourites(userId: string, subjectId: string) {
  const card = (await subjectCards([subjectId])).get(subjectId);
  if (!card) throw new NotFoundError(M.subjectNotFound);
  const item = {
    favorite_id: ulid(),
    user_id: userId,
    subject_id: subjectId,
    class_id: card.class_id,
    board_id: card.board_id,
    added_at: new Date().toISOString(),
  };
  try {
    await addFavourite(item);
    return { created: true, favourite: item };
  } catch (err) {
    if (!(err instanceof LearnerWriteRefused)) throw err;
    if (err.reason !== 'duplicate') throw new NotFoundError(M.subjectNotFound);
    const guard = await getItem(keys.favouriteSubject(userId, subjectId));
    const existing = guard && (await getItem(keys.favourite(userId, String(guard.favorite_id))));
    if (!existing) throw err;
    const { type: _type, ...favourite } = existing;
    return { created: false, favourite };
  }
}

/** Removes one of the learner's favourites, answering the subject's name. */
export async function removeFromFavourites(userId: string, favoriteId: string): Promise<string> {
  const item = await getItem(keys.favourite(userId, favoriteId));
  if (!item) throw new NotFoundError(M.favouriteNotFound);
  await removeFavourite(userId, favoriteId, String(item.subject_id)).catch((err: unknown) => {
    if (err instanceof LearnerWriteRefused) throw new NotFoundError(M.favouriteNotFound);
    throw err;
  });
  const card = (await subjectCards([String(item.subject_id)])).get(String(item.subject_id));
  return card?.subject_name ?? 'The subject';
}
