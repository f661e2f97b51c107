import { describe, expectTypeOf, it } from 'vitest';
import type { RouteName, RouteNameOf } from '@gia/shared';
import type { RouteHandler, RouteHandlers } from './http.ts';

/*
 * Type-level tests: `npm run typecheck` (tsc) checks them. Each `@ts-expect-error` line must stay
 * an error, so a handler map that stops being held to the route table fails the type check.
 */

const handle: RouteHandler = async () => ({ body: null });

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
