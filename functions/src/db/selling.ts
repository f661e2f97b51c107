import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Coupon, SellerSettings } from '@gia/shared';
import { ddb } from '../lib/dynamo.ts';
import type { LearnerProfile } from './accounts.ts';
import * as keys from './item-keys.ts';
import { COUPONS, sortKeyPrefixes, withoutKeys, type Key } from './keys.ts';
import { queryAll } from './query.ts';
import { tableName } from './table-name.ts';
import type { CartItem } from './learner.ts';
import type { TransactItem } from './transact.ts';

/*
 * Selling (issue 18): the seller's settings (one item) and the coupons, each keyed by its code
 * (`COUPON#<CODE>`, listed on gsi1 `COUPONS`).
 *
 * A coupon is limited in all (`max_uses`) and per learner (`per_learner`, counted on the item
 * `USER#<id>` / `COUPONUSE#<CODE>`). Both counters have `taken`: the redemptions and the
 * reservations of open orders. An order with a coupon reserves a use in the transaction that
 * stores it, under the condition `taken < limit` (so 50 parallel checkouts of a 10-use code make
 * exactly 10 orders with it); its grant turns the reservation into a use (`uses`); its expiry
 * gives the reservation back. An order paid after its reservation went back takes a use under the
 * same limits, or is not granted and its payment is refunded (`couponRedemption`): the number of
 * orders granted at a coupon's discount never passes either limit, whatever order payments come in.
 */

export const SETTINGS_KEY = keys.sellerSettings();
export const couponKey = keys.coupon;
export const couponUseKey = keys.couponUse;
const cartCouponKey = keys.cartCoupon;

export async function sellerSettings(): Promise<SellerSettings | undefined> {
  const res = await ddb.send(new GetCommand({ TableName: tableName(), Key: SETTINGS_KEY }));
  return res.Item ? (withoutKeys(res.Item) as unknown as SellerSettings) : undefined;
}

export async function saveSellerSettings(settings: SellerSettings, at: string): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...SETTINGS_KEY, type: 'seller-settings', ...settings, updated_at: at },
    }),
  );
}

export async function coupon(code: string): Promise<Coupon | undefined> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: couponKey(code), ConsistentRead: true }),
  );
  // A use counted by a late grant after the coupon was deleted leaves counters only.
  return res.Item?.code ? (withoutKeys(res.Item) as unknown as Coupon) : undefined;
}

/** Every coupon, by code (one Query of gsi1). */
export async function coupons(): Promise<Coupon[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': COUPONS },
  });
  return items.map((i) => withoutKeys(i) as unknown as Coupon);
}

/** Stores a new coupon; false when its code is taken. */
export async function insertCoupon(c: Coupon): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...couponKey(c.code), gsi1pk: COUPONS, gsi1sk: c.code, type: 'coupon', ...c },
        ConditionExpression: 'attribute_not_exists(code)',
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

/**
 * Changes an existing coupon's terms (false when it is gone), leaving its counters (`uses`,
 * `taken`), which redemptions change meanwhile, and its creation time as they are.
 */
export async function updateCoupon(
  c: Omit<Coupon, 'uses' | 'taken' | 'created_at' | 'coupon_id'>,
): Promise<Coupon | undefined> {
  const fields = Object.entries(c).filter(([k]) => k !== 'code');
  const present = fields.filter(([, v]) => v !== undefined);
  const absent = fields.filter(([, v]) => v === undefined).map(([k]) => k);
  const names = Object.fromEntries(fields.map(([k], i) => [`#f${i}`, k]));
  const nameOf = (k: string) => `#f${fields.findIndex(([f]) => f === k)}`;
  try {
    const res = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: couponKey(c.code),
        UpdateExpression:
          `SET ${present.map(([k]) => `${nameOf(k)} = :${nameOf(k).slice(1)}`).join(', ')}` +
          (absent.length ? ` REMOVE ${absent.map(nameOf).join(', ')}` : ''),
        ConditionExpression: 'attribute_exists(code)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: Object.fromEntries(
          present.map(([k, v]) => [`:${nameOf(k).slice(1)}`, v]),
        ),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys(res.Attributes ?? {}) as unknown as Coupon;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return undefined;
    throw err;
  }
}

/** Deletes a coupon; false when there is none with this code. */
export async function deleteCoupon(code: string): Promise<boolean> {
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: tableName(),
        Key: couponKey(code),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
    throw err;
  }
}

/** How many times a learner has redeemed a coupon. */
export async function couponUsesBy(userId: string, code: string): Promise<number> {
  const res = await ddb.send(
    new GetCommand({
      TableName: tableName(),
      Key: couponUseKey(userId, code),
      ConsistentRead: true,
    }),
  );
  return Number(res.Item?.uses ?? 0);
}

/**
 * A learner's cart items, oldest first, and the code set on the cart, in one Query: the items
 * (`CART#<id>`) and the code (`CARTCOUPON`) sort next to each other.
 */
export async function cartAndCoupon(userId: string) {
  const rows = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': cartCouponKey(userId).pk,
      ':from': sortKeyPrefixes.cartItem,
      ':to': cartCouponKey(userId).sk,
    },
  });
  const coupon = rows.find((r) => r.sk === cartCouponKey(userId).sk);
  return {
    items: rows
      .filter((r) => String(r.sk).startsWith(sortKeyPrefixes.cartItem))
      .map((r) => {
        const { type: _type, ...rest } = withoutKeys(r);
        return rest as unknown as CartItem;
      }),
    code: coupon?.code as string | undefined,
  };
}

/** The code set on a learner's cart (`applyCoupon`), if any. */
export async function cartCoupon(userId: string): Promise<string | undefined> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: cartCouponKey(userId), ConsistentRead: true }),
  );
  return res.Item?.code as string | undefined;
}

export async function setCartCoupon(userId: string, code: string, at: string): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...cartCouponKey(userId), type: 'cart-coupon', code, applied_at: at },
    }),
  );
}

export async function clearCartCoupon(userId: string): Promise<void> {
  await ddb.send(new DeleteCommand({ TableName: tableName(), Key: cartCouponKey(userId) }));
}

/** The cart's coupon goes with the grant that used it (same transaction). */
export const clearCartCouponItem = (userId: string): TransactItem => ({
  Delete: { TableName: tableName(), Key: cartCouponKey(userId) },
});

/**
 * What pricing a cart reads beside its subjects, in the same BatchGet: the learner's profile,
 * the seller's settings, and the cart's coupon with this learner's uses of it.
 */
export const cartPricingKeys = (userId: string, code: string | undefined): Key[] => [
  keys.userProfile(userId),
  SETTINGS_KEY,
  ...(code ? [couponKey(code), couponUseKey(userId, code)] : []),
];

/** The items {@link cartPricingKeys} named, read from a BatchGet's answer (each by its key). */
export function cartPricingRecords(
  items: readonly Record<string, unknown>[],
  userId: string,
  code: string | undefined,
) {
  const find = (key: Key) => items.find((i) => i.pk === key.pk && i.sk === key.sk);
  const profile = find(keys.userProfile(userId));
  const settings = find(SETTINGS_KEY);
  const stored = code ? find(couponKey(code)) : undefined;
  return {
    profile: profile && (withoutKeys(profile) as unknown as LearnerProfile),
    seller: settings && (withoutKeys(settings) as unknown as SellerSettings),
    // A use counted by a late grant after the coupon was deleted leaves counters only.
    coupon: stored?.code ? (withoutKeys(stored) as unknown as Coupon) : undefined,
    usedByLearner: Number((code && find(couponUseKey(userId, code))?.uses) ?? 0),
  };
}

/** An order's coupon, as the order snapshots it. */
export interface OrderCoupon {
  code: string;
  max_uses: number | null;
  per_learner: number;
}

/**
 * A use of a coupon taken under its limits, on its two counters: the coupon's (`taken <
 * max_uses`, and, when `whileEnabled`, still there and enabled) and the learner's (`taken <
 * per_learner`, as the order snapshotted it). `add` says which counters grow. A failed condition
 * is, in this order, the coupon's then the learner's.
 */
function limitedUse(
  userId: string,
  c: OrderCoupon,
  add: 'taken :one' | 'uses :one, taken :one',
  whileEnabled: boolean,
): TransactItem[] {
  const t = tableName();
  const underMax =
    'attribute_not_exists(max_uses) OR attribute_type(max_uses, :null) OR ' +
    'attribute_not_exists(taken) OR taken < max_uses';
  return [
    {
      Update: {
        TableName: t,
        Key: couponKey(c.code),
        UpdateExpression: `ADD ${add}`,
        ConditionExpression: whileEnabled
          ? `attribute_exists(code) AND enabled = :yes AND (${underMax})`
          : underMax,
        ExpressionAttributeValues: {
          ':one': 1,
          ':null': 'NULL',
          ...(whileEnabled ? { ':yes': true } : {}),
        },
      },
    },
    {
      Update: {
        TableName: t,
        Key: couponUseKey(userId, c.code),
        UpdateExpression: `SET #type = :type ADD ${add}`,
        ConditionExpression: 'attribute_not_exists(taken) OR taken < :limit',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':one': 1, ':limit': c.per_learner, ':type': 'coupon-use' },
      },
    },
  ];
}

/**
 * The two reservations of an order with a coupon, for the transaction that stores the order:
 * the coupon's (still enabled, `taken < max_uses`) and the learner's (`taken < per_learner`).
 * A failed condition is, in this order, `usedUp` then `usedByYou`.
 */
export const couponReservation = (userId: string, c: OrderCoupon): TransactItem[] =>
  limitedUse(userId, c, 'taken :one', true);

/** Gives back an expired order's reservations (in the transaction that expires it). */
export function couponRelease(userId: string, code: string): TransactItem[] {
  const t = tableName();
  return [couponKey(code), couponUseKey(userId, code)].map((Key) => ({
    Update: {
      TableName: t,
      Key,
      UpdateExpression: 'ADD taken :minus',
      ExpressionAttributeValues: { ':minus': -1 },
    },
  }));
}

/**
 * Counts a granted order's use of its coupon (in the grant's transaction). An order that still
 * holds its reservation turns it into a use. An order whose reservation was given back (it was
 * closed, then paid late) takes a use only under the same limits a reservation meets (a deleted
 * coupon keeps its counters only: no max_uses). Either condition failing cancels the grant: the
 * payment is then recorded for refund instead (db/payments.ts `CouponUseRefused`).
 */
export function couponRedemption(
  userId: string,
  c: OrderCoupon,
  reserved: boolean,
): TransactItem[] {
  if (!reserved) return limitedUse(userId, c, 'uses :one, taken :one', false);
  const t = tableName();
  return [couponKey(c.code), couponUseKey(userId, c.code)].map((Key) => ({
    Update: {
      TableName: t,
      Key,
      UpdateExpression: 'ADD uses :one',
      ExpressionAttributeValues: { ':one': 1 },
    },
  }));
}
