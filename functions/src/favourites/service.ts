import { ulid } from 'ulid';
import { LEARNER_MESSAGES as M } from '@gia/shared';
import {
  addFavourite,
  favourite,
  favouriteItems,
  favouriteOfSubject,
  removeFavourite,
} from '../db/learner.ts';
import { WriteRefused } from '../db/transact.ts';
import { NotFoundError } from '../lib/errors.ts';
import { subjectCards, withSubjectCards } from '../domain/entitlement/index.ts';

/** The learner's favourite subjects with their current names and prices. */
export async function getFavourites(userId: string) {
  return withSubjectCards(await favouriteItems(userId), (i, card) => ({
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
  }));
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
    if (!(err instanceof WriteRefused)) throw err;
    if (err.reason !== 'duplicate') throw new NotFoundError(M.subjectNotFound);
    const existing = await favouriteOfSubject(userId, subjectId);
    if (!existing) throw err;
    return { created: false, favourite: existing };
  }
}

/** Removes one of the learner's favourites, answering the subject's name. */
export async function removeFromFavourites(userId: string, favoriteId: string): Promise<string> {
  const item = await favourite(userId, favoriteId);
  if (!item) throw new NotFoundError(M.favouriteNotFound);
  await removeFavourite(userId, favoriteId, item.subject_id).catch((err: unknown) => {
    if (err instanceof WriteRefused) throw new NotFoundError(M.favouriteNotFound);
    throw err;
  });
  const card = (await subjectCards([item.subject_id])).get(item.subject_id);
  return card?.subject_name ?? 'The subject';
}
