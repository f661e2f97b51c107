import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { listReviews } = await import('./service.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);

const topic = {
  pk: 'TOPIC#t1',
  sk: 'TOPIC',
  type: 'topic',
  topic_id: 't1',
  status: 'Active',
  free_to_watch: '2',
  chapter_id: 'ch1',
  subject_id: 's1',
  class_id: 'c1',
  board_id: 'b1',
};
const review = (userId: string, created_at: string) => ({
  pk: 'TOPIC#t1',
  sk: `REVIEW#${userId}`,
  type: 'review',
  id: `r-${userId}`,
  user_id: userId,
  user_name: 'Asha',
  topic_id: 't1',
  rating: 4,
  review_comment: 'Clear',
  created_at,
});
const summary = { pk: 'TOPIC#t1', sk: 'REVIEWSUMMARY', rating_sum: 9, rating_count: 2 };

/** The topic's partition answers the Query; the BatchGet finds the grants in `owned`. */
function table(partition: Record<string, unknown>[], owned: string[]) {
  ddbMock.on(QueryCommand).resolves({ Items: partition });
  ddbMock
    .on(BatchGetCommand)
    .callsFake(
      (input: { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> }) => {
        const [name, { Keys }] = Object.entries(input.RequestItems)[0]!;
        const grants = Keys.filter((k) =>
          owned.some((u) => k.pk === `USER#${u}` && k.sk === 'GRANT#s1'),
        );
        return {
          Responses: { [name]: grants.map((k) => ({ ...k, type: 'grant', subject_id: 's1' })) },
        };
      },
    );
}

beforeEach(() => ddbMock.reset());

describe('a topic’s reviews (getreviews)', () => {
  it('reads the reviews, their summary and the topic in one Query, then one BatchGet for the entitlement', async () => {
    table([review('u1', '2026-01-01'), review('u2', '2026-02-01'), summary, topic], ['u1']);

    const read = await listReviews('u1', 't1');

    expect(read.entitled).toBe(true);
    expect(read.summary).toEqual({ average_rating: 4.5, review_count: 2 });
    expect(read.reviews.map((r) => [r.id, r.mine])).toEqual([
      ['r-u2', false],
      ['r-u1', true],
    ]);
    const queries = ddbMock.commandCalls(QueryCommand);
    expect(queries).toHaveLength(1);
    expect(queries[0]!.args[0].input).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': 'TOPIC#t1', ':from': 'REVIEW', ':to': 'TOPIC' },
    });
    expect(ddbMock.commandCalls(BatchGetCommand)).toHaveLength(1);
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('shows a learner who may not watch the topic the summary only', async () => {
    table([review('u1', '2026-01-01'), summary, topic], []);

    const read = await listReviews('u9', 't1');

    expect(read).toEqual({
      reviews: [],
      summary: { average_rating: 4.5, review_count: 2 },
      entitled: false,
    });
  });

  it('answers 404 for a topic that is gone, whatever reviews are left', async () => {
    table([review('u1', '2026-01-01'), summary], ['u1']);

    await expect(listReviews('u1', 't1')).rejects.toMatchObject({
      status: 404,
      message: 'Topic not found.',
    });
  });
});
