import { cartItems } from '../db/learner.ts';
import { withSubjectCards } from './subjects.ts';

/**
 * A learner's cart with current prices and names, and its total in rupees: what the cart screen
 * shows and what a payment charges.
 */
export async function pricedCart(userId: string) {
  const items = await withSubjectCards(await cartItems(userId), (i, card) => ({
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
  }));
  return { items, total: items.reduce((sum, r) => sum + r.subject_price, 0) };
}
