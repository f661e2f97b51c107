import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { TEST_ENV } from '../../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { dayOf, streakAt } = await import('./streak.ts');
const { recordActivity } = await import('../../db/review.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => ddbMock.reset());

const refused = (old?: Record<string, unknown>) =>
  new ConditionalCheckFailedException({
    message: 'The conditional request failed',
    $metadata: {},
    ...(old ? { Item: marshall(old) } : {}),
  });

describe('a streak’s days are India’s calendar days', () => {
  it('puts 18:29 UTC on the same India day and 18:30 UTC on the next', () => {
    expect(dayOf(new Date('2026-11-23T18:29:59Z'))).toBe('2026-11-23');
    expect(dayOf(new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-24');
    // Early morning in India is still the previous day in UTC.
    expect(dayOf(new Date('2026-11-23T20:00:00Z'))).toBe('2026-11-24');
  });

  it('counts today when the learner was active today', () => {
    const at = new Date('2026-11-24T03:00:00Z');
    expect(streakAt({ last_day: '2026-11-24', streak_days: 4 }, at)).toEqual({
      days: 4,
      today: true,
    });
  });

  it('keeps yesterday’s streak standing through today, and ends it after a day missed', () => {
    // 00:30 in India on the 25th: the 24th was yesterday there, though it is the 24th in UTC.
    const justAfterMidnight = new Date('2026-11-24T19:00:00Z');
    const activity = { last_day: '2026-11-24', streak_days: 3 };
    expect(streakAt(activity, justAfterMidnight)).toEqual({ days: 3, today: false });
    expect(streakAt(activity, new Date('2026-11-26T05:00:00Z'))).toEqual({
      days: 0,
      today: false,
    });
    expect(streakAt(undefined, justAfterMidnight)).toEqual({ days: 0, today: false });
  });
});

describe('recording a day of activity', () => {
  it('adds one day when the last active day was yesterday (one write)', async () => {
    ddbMock.on(UpdateCommand).resolves({});
    await recordActivity('u1', '2026-11-24', '2026-11-23');
    const [update] = ddbMock.commandCalls(UpdateCommand);
    expect(update!.args[0].input).toMatchObject({
      Key: { pk: 'USER#u1', sk: 'ACTIVITY' },
      ConditionExpression: 'last_day = :yesterday',
      ExpressionAttributeValues: { ':today': '2026-11-24', ':yesterday': '2026-11-23' },
    });
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('changes nothing on a day already counted (a replay, a second answer the same day)', async () => {
    ddbMock.on(UpdateCommand).rejects(refused({ last_day: '2026-11-24', streak_days: 5 }));
    await recordActivity('u1', '2026-11-24', '2026-11-23');
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('starts again at one after a gap, only if nobody counted the day meanwhile', async () => {
    ddbMock.on(UpdateCommand).rejects(refused({ last_day: '2026-11-20', streak_days: 9 }));
    ddbMock.on(PutCommand).resolves({});
    await recordActivity('u1', '2026-11-24', '2026-11-23');
    const [put] = ddbMock.commandCalls(PutCommand);
    expect(put!.args[0].input).toMatchObject({
      Item: { pk: 'USER#u1', sk: 'ACTIVITY', last_day: '2026-11-24', streak_days: 1 },
      ConditionExpression: 'attribute_not_exists(last_day) OR last_day < :yesterday',
    });
  });

  it('starts a first streak at one', async () => {
    ddbMock.on(UpdateCommand).rejects(refused());
    ddbMock.on(PutCommand).resolves({});
    await recordActivity('u2', '2026-11-24', '2026-11-23');
    expect(ddbMock.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({
      streak_days: 1,
    });
  });
});
