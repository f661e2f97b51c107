import type { Context } from 'aws-lambda';
import { logger } from '../lib/logger.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { reconcileUnpaidOrders } from './reconciliation.ts';

/** Time kept back from the function's timeout to finish the checks already started. */
const RESERVE_MS = 30_000;

/** The scheduled reconciliation (EventBridge every few minutes in AWS; `npm run reconcile` locally). */
export const handler = async (_event?: unknown, context?: Context) => {
  await loadSecrets();
  const remaining = context?.getRemainingTimeInMillis() ?? Infinity;
  const result = await reconcileUnpaidOrders(new Date(), Date.now() + remaining - RESERVE_MS);
  logger.info('reconciled unpaid orders', result);
  return result;
};
