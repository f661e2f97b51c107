import { logger } from '../lib/logger.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { reconcileUnpaidOrders } from './service.ts';

/** The scheduled reconciliation (EventBridge every few minutes in AWS; `npm run reconcile` locally). */
export const handler = async () => {
  await loadSecrets();
  const result = await reconcileUnpaidOrders();
  logger.info('reconciled unpaid orders', result);
  return result;
};
