import { join } from 'node:path';
import { describe, expect, it, inject } from 'vitest';
import { routePath } from '@gia/shared';
import { NOT_READY_MESSAGE } from '@gia/functions/health/service.ts';
import { processesWith } from './processes.ts';

const stack = inject('stack');
const get = (path: string) => fetch(`${stack.url}${path}`);

/** The stack's DynamoDB Local: the java process serving its data folder. */
function dynamoDbLocalPid(): number {
  const [pid, ...others] = processesWith(`-dbPath ${join(stack.dataDir, 'dynamodb')}`);
  expect(pid, 'DynamoDB Local of the test stack').toBeDefined();
  expect(others).toEqual([]);
  return pid as number;
}

describe('readiness', () => {
  it('answers 503 while storage is frozen, while liveness keeps answering 200', async () => {
    // Given a running stack
    expect((await get(routePath('health.ready'))).status).toBe(200);
    const dynamo = dynamoDbLocalPid();

    // When its DynamoDB Local stops answering (paused, as a stalled store would be)
    process.kill(dynamo, 'SIGSTOP');
    try {
      // Then readiness says so, within its short timeout, and liveness still answers
      const ready = await get(routePath('health.ready'));
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        message: NOT_READY_MESSAGE,
        code: 'UNAVAILABLE',
        message_code: 'app.not_ready',
      });
      const live = await get(routePath('health'));
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok' });
    } finally {
      process.kill(dynamo, 'SIGCONT');
    }

    // And it is ready again once storage answers
    await expect.poll(async () => (await get(routePath('health.ready'))).status).toBe(200);
    expect(await (await get(routePath('health.ready'))).json()).toEqual({ status: 'ready' });
  });
});
