import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { scheduleAnswer } = await import('./review.ts');
const { nextCard } = await import('./schedule.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());

const PLACE = {
  question_id: 't1_01JD0000000000000000000000',
  topic_id: 't1',
  subject_id: 's1',
  class_id: 'c1',
  board_id: 'b1',
};
const refused = (old?: Record<string, unknown>) =>
  new ConditionalCheckFailedException({
    message: 'The conditional request failed',
    $metadata: {},
    ...(old ? { Item: marshall(old, { removeUndefinedValues: true }) } : {}),
  });

describe('scheduling a counted answer', () => {
  it('creates the card of a first answer, due by FSRS and listed by due time', async () => {
    ddbMock.on(PutCommand).resolves({});
    const card = await scheduleAnswer('u1', PLACE, false, 'attempt-a', undefined);
    const put = ddbMock.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(put.Item).toMatchObject({
      pk: 'USER#u1',
      sk: `REVIEWCARD#${PLACE.question_id}`,
      gsi1pk: 'USER#u1#REVIEWDUE',
      gsi1sk: `${card!.due}#${PLACE.question_id}`,
      last_attempt: 'attempt-a',
      reps: 1,
      topic_id: 't1',
    });
  });

  it('reschedules an existing card only if no other answer changed it and this attempt has not', async () => {
    ddbMock.on(PutCommand).resolves({});
    const before = { ...nextCard(undefined, false, new Date()), ...PLACE, last_attempt: 'old' };
    await scheduleAnswer('u1', PLACE, true, 'attempt-b', before);
    const put = ddbMock.commandCalls(PutCommand)[0]!.args[0].input;
    expect(put.ConditionExpression).toBe('reps = :reps AND last_attempt <> :a');
    expect(put.ExpressionAttributeValues).toEqual({ ':reps': 1, ':a': 'attempt-b' });
    expect(put.Item).toMatchObject({ reps: 2, last_attempt: 'attempt-b' });
  });

  it('never reschedules twice for a replayed answer of the same attempt', async () => {
    const done = { ...nextCard(undefined, false, new Date()), ...PLACE, last_attempt: 'attempt-c' };
    ddbMock.on(PutCommand).rejects(refused(done));
    const card = await scheduleAnswer('u1', PLACE, false, 'attempt-c', undefined);
    expect(card).toBeUndefined();
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(1);
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('reads the card again and builds on it when another answer changed it meanwhile', async () => {
    const other = { ...nextCard(undefined, true, new Date()), ...PLACE, last_attempt: 'other' };
    ddbMock.on(PutCommand).rejectsOnce(refused(other)).resolves({});
    ddbMock.on(GetCommand).resolves({ Item: { pk: 'USER#u1', sk: 'x', ...other } });
    const card = await scheduleAnswer('u1', PLACE, false, 'attempt-d', undefined);
    const puts = ddbMock.commandCalls(PutCommand);
    expect(puts).toHaveLength(2);
    expect(puts[1]!.args[0].input.ExpressionAttributeValues).toEqual({
      ':reps': 1,
      ':a': 'attempt-d',
    });
    expect(card).toMatchObject({ reps: 2, lapses: 1, last_attempt: 'attempt-d' });
  });
});
