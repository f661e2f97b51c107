import { describe, expect, it } from 'vitest';
import { BASES, type RouteName } from './routes.ts';
import { routePath } from './route-path.ts';

const learnerData = `${BASES.learner}/data`;

describe('routePath', () => {
  it('answers the path of a route of the shared table', () => {
    expect(routePath('cart.get')).toBe(`${learnerData}/getUSER_CART`);
    expect(routePath('favourites.get')).toBe(`${BASES.users}/data/getuser_favorites`);
  });

  it('fills and encodes path parameters', () => {
    expect(routePath('cart.delete', { cart_id: 'a b/c' })).toBe(
      `${learnerData}/deleteUSER_CART/a%20b%2Fc`,
    );
  });

  it('adds a query string, leaving out missing and blank values', () => {
    expect(
      routePath('qna.get', {}, { topic_id: 't&1', limit: 20, cursor: undefined, extra: '' }),
    ).toBe(`${learnerData}/getqna?topic_id=t%261&limit=20`);
  });

  it('refuses an unknown route and a missing parameter', () => {
    expect(() => routePath('cart.nope' as RouteName)).toThrow('No route named cart.nope');
    expect(() => routePath('cart.delete')).toThrow('cart.delete needs cart_id');
  });
});
