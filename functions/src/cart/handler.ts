import {
  ApplyCouponInput,
  COUPON_MESSAGES as C,
  LEARNER_MESSAGES as M,
  SubjectRefInput,
} from '@gia/shared';
import { addToCart, applyCoupon, getCart, removeCoupon, removeFromCart } from './service.ts';
import { cartPricingView, type PricedCart } from '../domain/pricing/index.ts';
import { learnerId } from '../lib/identity.ts';
import {
  created,
  createGroupHandler,
  ok,
  sessionCheckInReads,
  type ApiRequest,
} from '../lib/http.ts';
import { parse } from '../lib/validation.ts';
import { queryLanguage, withReadingLanguage } from '../lib/reading-language.ts';

/**
 * A cart write's answer, the cart as it is now, in the language the write's query asks (`lang`,
 * as a learner's read does): only its names are read so, never what the write stores.
 */
const inAskedLanguage = <T>(req: ApiRequest, work: () => Promise<T>): Promise<T> =>
  withReadingLanguage(queryLanguage(req.query), work);

/** A cart as `getUSER_CART` answers it: the items, and their prices beside them. */
const cartAnswer = (message: string, cart: PricedCart) =>
  ok(message, cart.items, cartPricingView(cart));

/** The same without its message, as `insertUSER_CART` answers it beside the added item. */
const cartBody = (cart: PricedCart) => ({ data: cart.items, ...cartPricingView(cart) });

/** The learner's cart (docs/api.md §6) and its coupon (§8c). */
export const handler = createGroupHandler('cart', {
  // Read-only: the session check rides in its BatchGet (issue 30).
  'cart.get': sessionCheckInReads(async (req) =>
    cartAnswer(M.cartLoaded, await getCart(learnerId(req))),
  ),
  'cart.insert': async (req) => {
    const { subject_id } = parse(SubjectRefInput, req.body);
    const userId = learnerId(req);
    const item = await addToCart(userId, subject_id);
    // The cart as it is now, so the app does not read it again after adding (issue 30).
    const cart = await inAskedLanguage(req, () => getCart(userId));
    return created(M.cartAdded, item, { cart: cartBody(cart) });
  },
  'cart.delete': async (req) => {
    await removeFromCart(learnerId(req), req.params.cart_id ?? '');
    return ok(M.cartRemoved);
  },
  'cart.applyCoupon': async (req) => {
    const { code } = parse(ApplyCouponInput, req.body);
    return cartAnswer(
      C.applied,
      await inAskedLanguage(req, () => applyCoupon(learnerId(req), code)),
    );
  },
  'cart.removeCoupon': async (req) =>
    cartAnswer(C.removed, await inAskedLanguage(req, () => removeCoupon(learnerId(req)))),
});
