import { resolve } from 'node:path';
import { applyEnvironment, loadState, type StackState } from './bootstrap.ts';

/**
 * `npm run reconcile`: checks the running local stack's orders still unpaid 15 minutes after
 * creation against the payment gateway and grants those that were paid (the scheduled function
 * does this in AWS). The stack must be running (`npm start`) with the same DATA_DIR.
 */
async function main() {
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  const state = loadState(dataDir);
  if (!state.endpoints || !state.learnerPoolId) {
    throw new Error(`No local stack has run with DATA_DIR=${dataDir}. Start it with npm start.`);
  }
  applyEnvironment(state.endpoints, state as StackState, dataDir);
  const { reconcileUnpaidOrders } = await import('@gia/functions/payments/reconciliation.ts');
  const result = await reconcileUnpaidOrders().catch((err: unknown) => {
    throw new Error(`Could not reach the local stack (is npm start running?): ${String(err)}`);
  });
  console.log(
    `Checked ${result.checked} unpaid order(s): ${result.granted} granted, ${result.expired} expired.`,
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
