import { afterAll, describe, expect, it } from 'vitest';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { ddb } = await import('./dynamo.ts');
const { withPendingSessionCheck } = await import('./session-scope.ts');

// DynamoDB itself is replaced after the client's own steps (the session guard runs in the first,
// `initialize`), so every command goes through the real middleware and records what was sent.
const sent: string[] = [];
ddb.middlewareStack.add(
  (_next, context) => async () => {
    sent.push(String(context.commandName));
    return { output: { $metadata: {} }, response: {} };
  },
  { step: 'build', name: 'testStandInForDynamoDb' },
);
afterAll(() => ddb.middlewareStack.remove('testStandInForDynamoDb'));

/** A session check that records when it is made, and refuses when `stands` is false. */
function pendingCheck(stands: boolean) {
  const log: string[] = [];
  return {
    log,
    check: {
      join: () => undefined,
      make: async () => {
        log.push(`check made before ${sent.length} request(s)`);
        if (!stands) throw Object.assign(new Error('Please sign in to continue.'), { status: 401 });
      },
    },
  };
}
const key = { pk: 'USER#u1', sk: 'PROFILE' };

describe('a write on a route whose session check rides in its reads', () => {
  it('waits for the check, made before the write is sent; reads do not', async () => {
    sent.length = 0;
    const { check, log } = pendingCheck(true);
    await withPendingSessionCheck(check, async () => {
      await ddb.send(new GetCommand({ TableName: 't', Key: key }));
      await ddb.send(new QueryCommand({ TableName: 't', KeyConditionExpression: 'pk = :p' }));
      expect(log).toEqual([]);
      await ddb.send(new PutCommand({ TableName: 't', Item: key }));
    });
    expect(log).toEqual(['check made before 2 request(s)']);
    expect(sent).toEqual(['GetItemCommand', 'QueryCommand', 'PutItemCommand']);
  });

  it('is never sent for a session that no longer stands', async () => {
    sent.length = 0;
    const { check } = pendingCheck(false);
    await expect(
      withPendingSessionCheck(check, () =>
        ddb.send(new UpdateCommand({ TableName: 't', Key: key, UpdateExpression: 'SET a = :a' })),
      ),
    ).rejects.toMatchObject({ status: 401 });
    expect(sent).toEqual([]);
  });

  it('is sent at once outside such a route', async () => {
    sent.length = 0;
    await ddb.send(new PutCommand({ TableName: 't', Item: key }));
    expect(sent).toEqual(['PutItemCommand']);
  });
});
