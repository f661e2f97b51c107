import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Coupon, SellerSettings } from '@gia/shared';
import { ddb } from '../lib/dynamo.ts';
import { withoutKeys } from './keys.ts';
import { queryAll } from './query.ts';
import { tableName } from './table-name.ts';

/*
 * Selling (issue 18): the seller's settings (one item) and the coupons, each keyed by its code
 * (`COUPON#<CODE>`, listed on gsi1 `COUPONS`). A coupon's `uses` is counted by the grant's own
 * transaction when an order paid with it is granted.
 */

const SETTINGS_KEY = { pk: 'SETTINGS#SELLER', sk: 'SETTINGS' };
const couponKey = (code: string) => ({ pk: `COUPON#${code}`, sk: 'COUPON' });

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
  const res = await ddb.send(new GetCommand({ TableName: tableName(), Key: couponKey(code) }));
  return res.Item ? (withoutKeys(res.Item) as unknown as Coupon) : undefined;
}

/** Every coupon, by code (one Query of gsi1). */
export async function coupons(): Promise<Coupon[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'COUPONS' },
  });
  return items.map((i) => withoutKeys(i) as unknown as Coupon);
}

/**
 * Stores a coupon: a new one (false when its code is taken) or a change of an existing one
 * (false when it is gone), keeping its `uses` and creation time.
 */
export async function putCoupon(c: Coupon, mode: 'insert' | 'update'): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...couponKey(c.code), gsi1pk: 'COUPONS', gsi1sk: c.code, type: 'coupon', ...c },
        ConditionExpression:
          mode === 'insert' ? 'attribute_not_exists(pk)' : 'attribute_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionalCheckFailedException) return false;
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
