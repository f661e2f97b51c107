import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
vi.mock('../domain/entitlement/index.ts', async (actual) => ({
  ...(await actual<Record<string, unknown>>()),
  requireTopicAccess: async () => ({
    topic: { topic_id: 't1', subject_id: 's1', class_id: 'c1' },
    allowed: true,
  }),
  topicAccess: async () => ({ topic: { topic_id: 't1' }, allowed: true }),
}));
const { postReview } = await import('./service.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);
const review = { topic_id: 't1', rating: 4, review_comment: 'Clear' };

/** What DynamoDB answers when another transaction touched the same aggregates at that moment. */
const conflict = () =>
  new TransactionCanceledException({
    message: 'Transaction cancelled, please refer cancellation reasons for specific reasons',
    $metadata: {},
    CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }, { Code: 'None' }],
  });

beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(GetCommand).resolves({ Item: { user_name: 'Asha' } });
});

describe('posting a review while other reviews of the topic change the same aggregates', () => {
  it('retries a transaction conflict and stores the review once', async () => {
    ddbMock.on(TransactWriteCommand).rejectsOnce(conflict()).resolves({});

    const posted = await postReview('u1', review);

    expect(posted).toMatchObject({ user_name: 'Asha', rating: 4, mine: true });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(2);
  });

  it('answers a clear 409, never a 500, when the conflict outlasts the retries', async () => {
    ddbMock.on(TransactWriteCommand).rejects(conflict());

    await expect(postReview('u1', review)).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
      message: 'Many reviews of this topic changed at once. Please try again.',
    });
  });

  it('still answers a second review of the same topic with 409', async () => {
    ddbMock.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );

    await expect(postReview('u1', review)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'You have already reviewed this topic.',
    });
  });
});
