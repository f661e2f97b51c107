import { logger } from '../lib/logger.ts';
import { reconcileUnpaidOrders } from './service.ts';

/** The scheduled reconciliation (EventBridge every few minutes in AWS; `npm run reconcile` locally). */
export const handler = async () => {
  const result = await reconcileUnpaidOrders();
  logger.info('reconciled unpaid orders', result);
  return result;
};
