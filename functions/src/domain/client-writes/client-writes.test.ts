import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { LEARNING_MESSAGES } from '@gia/shared';
import { TEST_ENV } from '../../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { onceByClientId } = await import('./index.ts');
const { transactWrite, WriteRefused } = await import('../../db/transact.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);
const CLIENT_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

/** A write that puts its guard and one item in one transaction, as the services do. */
const guardedWrite = (answer: unknown) =>
  vi.fn(async (guard: ((a: unknown) => object) | undefined) => {
    const items = [...(guard ? [guard(answer)] : []), { Put: { TableName: 't', Item: {} } }];
    await transactWrite(items as never, guard ? ['replayed'] : []);
    return answer;
  });

/** DynamoDB's refusal of a transaction whose first item's condition failed. */
const cancelled = () =>
  Object.assign(new Error('cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
  });

beforeEach(() => ddbMock.reset());

describe('a write made on the device (onceByClientId)', () => {
  it('runs as before without a client_id: no guard, no extra read', async () => {
    ddbMock.on(TransactWriteCommand).resolves({});
    const write = guardedWrite({ n: 1 });

    expect(await onceByClientId('u1', 'reviews.insert', undefined, write)).toEqual({ n: 1 });
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
    expect(write).toHaveBeenCalledWith(undefined, undefined);
  });

  it('puts the guard, keyed by learner and id, in the same transaction as the write, with a TTL', async () => {
    ddbMock.on(GetCommand).resolves({});
    ddbMock.on(TransactWriteCommand).resolves({});

    await onceByClientId('u1', 'reviews.insert', CLIENT_ID, guardedWrite({ id: 'R1' }));

    const [call] = ddbMock.commandCalls(TransactWriteCommand);
    const items = call!.args[0].input.TransactItems!;
    expect(items).toHaveLength(2);
    const guard = items[0]!.Put!;
    expect(guard.Item).toMatchObject({
      pk: `CLIENTWRITE#u1#${CLIENT_ID}`,
      sk: 'CLIENTWRITE',
      route: 'reviews.insert',
      answer: { id: 'R1' },
      complete: true,
    });
    expect(guard.Item!.ttl).toBeGreaterThan(Date.now() / 1000 + 59 * 86_400);
    expect(guard.ConditionExpression).toBe('attribute_not_exists(pk)');
  });

  it('answers a resend with the first answer from one read, writing nothing', async () => {
    ddbMock
      .on(GetCommand)
      .resolves({ Item: { route: 'reviews.insert', answer: { id: 'R1' }, complete: true } });
    const write = guardedWrite({ id: 'R2' });

    expect(await onceByClientId('u1', 'reviews.insert', CLIENT_ID, write)).toEqual({ id: 'R1' });
    expect(write).not.toHaveBeenCalled();
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(ddbMock.commandCalls(GetCommand)[0]!.args[0].input.ConsistentRead).toBe(true);
  });

  it('answers the first send’s answer when a second tab wins the race (the guard is refused)', async () => {
    ddbMock
      .on(GetCommand)
      .resolvesOnce({})
      .resolves({ Item: { route: 'reviews.insert', answer: { id: 'R1' }, complete: true } });
    ddbMock.on(TransactWriteCommand).rejects(cancelled());

    expect(
      await onceByClientId('u1', 'reviews.insert', CLIENT_ID, guardedWrite({ id: 'R2' })),
    ).toEqual({ id: 'R1' });
  });

  it('waits for a first send still completing its answer (a quiz’s score), then gives it whole', async () => {
    ddbMock
      .on(GetCommand)
      .resolvesOnce({
        Item: { route: 'practice.answerQuiz', answer: { correct: true }, complete: false },
      })
      .resolves({
        Item: {
          route: 'practice.answerQuiz',
          answer: { correct: true, score: { correct: 1, total: 1, percent: 100 } },
          complete: true,
        },
      });

    expect(await onceByClientId('u1', 'practice.answerQuiz', CLIENT_ID, guardedWrite({}))).toEqual({
      correct: true,
      score: { correct: 1, total: 1, percent: 100 },
    });
  });

  it('refuses an id used before on another route with 409, never handing out that answer', async () => {
    ddbMock.on(GetCommand).resolves({ Item: { route: 'qna.insert', answer: { secret: 1 } } });

    await expect(
      onceByClientId('u1', 'reviews.insert', CLIENT_ID, guardedWrite({})),
    ).rejects.toMatchObject({ status: 409, message: LEARNING_MESSAGES.clientIdReused });
  });

  it('lets any other refusal through unchanged', async () => {
    ddbMock.on(GetCommand).resolves({});
    const write = vi.fn(async () => {
      throw new WriteRefused('duplicate');
    });

    await expect(onceByClientId('u1', 'reviews.insert', CLIENT_ID, write)).rejects.toMatchObject({
      reason: 'duplicate',
    });
  });
});
