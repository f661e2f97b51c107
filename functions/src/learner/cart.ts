import { ulid } from 'ulid';
import { LEARNER_MESSAGES as M } from '@gia/shared';
import {
  addCartItem,
  getItem,
  LearnerWriteRefused,
  removeCartItem,
  userItems,
} from '../db/learner.ts';
import { keys } from '../db/keys.ts';
import { ConflictError, NotFoundError } from '../lib/errors.ts';
import { subjectCards } from './subjects.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** A learner's cart with current prices and names, and its total in rupees. */
export async function getCart(userId: string) {
  const items = await userItems(userId, 'CART#');
  const cards = await subjectCards(
    items.map((i) => ({
      subject_id: String(i.subject_id),
      class_id: i.class_id as string,
      board_id: i.board_id as string,
    })),
  );
  const rows = items
    .map((i) => {
      const card = cards.get(String(i.subject_id));
      if (!card) return undefined;
      return {
        cart_id: i.cart_id,
        user_id: userId,
        subject_id: card.subject_id,
        subject_name: card.subject_name,
        subject_price: card.subject_price,
        subject_image_url: card.subject_image_url,
        board_name: card.board_name,
        class_name: card.class_name,
        class_id: card.class_id,
        board_id: card.board_id,
        added_at: i.added_at,
        updated_at: i.updated_at,
      };
    })
    .filter((r) => r !== undefined);
  const total = rows.reduce((sum, r) => sum + r.subject_price, 0);
  return { items: rows, total };
}

/** Adds a subject to the cart, refusing duplicates, subjects owned and free subjects. */
export async function addToCart(userId: string, subjectId: string) {
  const card = (await subjectCards([subjectId])).get(subjectId);
  if (!card) throw new NotFoundError(M.subjectNotFound);
  if (card.free) throw new ConflictError(M.cartFree);
  const now = today();
  const item = {
    cart_id: ulid(),
    user_id: userId,
    subject_id: subjectId,
    class_id: card.class_id,
    board_id: card.board_id,
    added_at: now,
    updated_at: now,
  };
  try {
    await addCartItem(item);
  } catch (err) {
    if (!(err instanceof LearnerWriteRefused)) throw err;
    if (err.reason === 'duplicate') throw new ConflictError(M.cartDuplicate);
    if (err.reason === 'owned') throw new ConflictError(M.cartOwned);
    throw new NotFoundError(M.subjectNotFound);
  }
  return { ...item, subject_name: card.subject_name, subject_price: card.subject_price };
}

/** Removes one of the learner's own cart items; anyone else's is simply not found. */
export async function removeFromCart(userId: string, cartId: string) {
  const item = await getItem(keys.cartItem(userId, cartId));
  if (!item) throw new NotFoundError(M.cartItemNotFound);
  await removeCartItem(userId, cartId, String(item.subject_id)).catch((err: unknown) => {
    if (err instanceof LearnerWriteRefused) throw new NotFoundError(M.cartItemNotFound);
    throw err;
  });
}
