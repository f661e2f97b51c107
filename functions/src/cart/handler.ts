import { LEARNER_MESSAGES as M, SubjectRefInput } from '@gia/shared';
import { addToCart, getCart, removeFromCart } from './service.ts';
import { learnerId } from '../lib/identity.ts';
import { created, createGroupHandler, ok } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';

/** The learner's cart (docs/api.md §6). */
export const handler = createGroupHandler('cart', {
  'cart.get': async (req) => {
    const cart = await getCart(learnerId(req));
    return ok(M.cartLoaded, cart.items, { total: cart.total });
  },
  'cart.insert': async (req) => {
    const { subject_id } = parse(SubjectRefInput, req.body);
    return created(M.cartAdded, await addToCart(learnerId(req), subject_id));
  },
  'cart.delete': async (req) => {
    await removeFromCart(learnerId(req), req.params.cart_id ?? '');
    return ok(M.cartRemoved);
  },
});
