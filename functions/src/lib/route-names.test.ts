import { describe, expectTypeOf, it } from 'vitest';
import type { AiCitation, RouteName, RouteNameOf } from '@gia/shared';
import type { Answer } from '@gia/shared/route-answers.ts';
import { created, ok, type RouteHandler, type RouteHandlers } from './http.ts';

/*
 * Type-level tests: `npm run typecheck` (tsc) checks them. Each `@ts-expect-error` line must stay
 * an error, so a handler map that stops being held to the route table fails the type check.
 */

/** A handler that never answers: it fits every route, so these tests are about names only. */
const handle = async (): Promise<never> => {
  throw new Error('never called');
};

describe('handler maps typed by the route table', () => {
  it('know every route name of the table, and the names of each group', () => {
    expectTypeOf<'cart.get'>().toExtend<RouteName>();
    expectTypeOf<'admin.catalogue.getBoards'>().toExtend<RouteName>();
    expectTypeOf<RouteNameOf<'cart'>>().toEqualTypeOf<
      'cart.get' | 'cart.insert' | 'cart.delete' | 'cart.applyCoupon' | 'cart.removeCoupon'
    >();
    expectTypeOf<'cart.gett'>().not.toExtend<RouteName>();
  });

  it('refuse a misspelt route, a route of another group and a missing route', () => {
    const complete: RouteHandlers<'cart'> = {
      'cart.get': handle,
      'cart.insert': handle,
      'cart.delete': handle,
      'cart.applyCoupon': handle,
      'cart.removeCoupon': handle,
    };
    const misspelt: RouteHandlers<'cart'> = {
      'cart.get': handle,
      'cart.insert': handle,
      'cart.delete': handle,
      'cart.applyCoupon': handle,
      'cart.removeCoupon': handle,
      // @ts-expect-error a name the route table does not have
      'cart.gett': handle,
    };
    const otherGroup: RouteHandlers<'cart'> = {
      'cart.get': handle,
      'cart.insert': handle,
      'cart.delete': handle,
      'cart.applyCoupon': handle,
      'cart.removeCoupon': handle,
      // @ts-expect-error a route of the favourites group
      'favourites.get': handle,
    };
    // @ts-expect-error cart.delete is missing
    const missing: RouteHandlers<'cart'> = {
      'cart.get': handle,
      'cart.insert': handle,
      'cart.applyCoupon': handle,
      'cart.removeCoupon': handle,
    };
    expectTypeOf([complete, misspelt, otherGroup, missing]).items.toEqualTypeOf<
      RouteHandlers<'cart'>
    >();
  });
});

describe('answers typed by the route table', () => {
  const cart = {
    cart_id: 'c1',
    subject_id: 's1',
    subject_name: 'Physics',
    subject_price: 500,
    board_name: 'CBSE',
    class_name: 'Class 10',
  };
  const pricing = {
    total: 500,
    subtotal: 500,
    discount: 0,
    tax: null,
    gst_rate_percent: null,
    coupon: null,
    buyer_state: null,
  };
  const citation: AiCitation = { source: 'video', start_seconds: 12, quote: 'a quote' };
  const webTurn = {
    role: 'teacher' as const,
    content: 'Hi',
    citations: [{ source: 'web', quote: 'a quote' }],
  };

  it("know each route's answer, the web's and the functions' alike", () => {
    expectTypeOf<Answer<'ai.ask'>['data']['citations']>().toEqualTypeOf<AiCitation[]>();
    expectTypeOf<Answer<'qna.get'>['next_cursor']>().toEqualTypeOf<string | null>();
  });

  it('refuse a handler whose answer has another shape than its route declares', () => {
    const right: RouteHandlers<'ai'> = {
      'ai.ask': async () =>
        ok('Reply', {
          reply: 'Hello',
          refused: false,
          covered: true,
          citations: [citation],
          mode: 'model' as const,
        }),
      'ai.conversation': async () => ok('Conversation', []),
      'ai.status': async () => ok('Status', { available: true, mode: 'notes' as const }),
      'admin.practice.draft': async () => created('Drafted', []),
    };
    const wrong: RouteHandlers<'ai'> = {
      // @ts-expect-error a reply without its citations
      'ai.ask': async () => ok('Reply', { reply: 'Hello', refused: false, covered: true }),
      // @ts-expect-error a citation whose source is not one of the shared sources
      'ai.conversation': async () => ok('Conversation', [webTurn]),
      // @ts-expect-error data where the route answers a message only
      'ai.status': async () => ok('Status', { available: 'yes' }),
      'admin.practice.draft': async () => created('Drafted', []),
    };
    const cartAnswers: Pick<RouteHandlers<'cart'>, 'cart.get' | 'cart.delete'> = {
      'cart.get': async () => ok('Cart', [cart], pricing),
      // @ts-expect-error a message-only route that answers data
      'cart.delete': async () => ok('Removed', [cart]),
    };
    const cartWithoutPricing: Pick<RouteHandlers<'cart'>, 'cart.get'> = {
      // @ts-expect-error the cart without the prices beside its items
      'cart.get': async () => ok('Cart', [cart]),
    };
    expectTypeOf([right, wrong]).items.toEqualTypeOf<RouteHandlers<'ai'>>();
    expectTypeOf(cartAnswers).not.toBeNever();
    expectTypeOf(cartWithoutPricing).not.toBeNever();
  });

  it('type a handler for several routes by the answer they share', () => {
    expectTypeOf<RouteHandler<'payments.record' | 'payments.recordAlias'>>().toExtend<
      RouteHandlers<'payments'>['payments.record']
    >();
    expectTypeOf<RouteHandler<'payments.process'>>().not.toExtend<
      RouteHandlers<'payments'>['payments.record']
    >();
  });
});
