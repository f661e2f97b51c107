import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  ScanCommand,
} from '@aws-sdk/lib-dynamodb';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { adminQuestions, dashboard } = await import('./service.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);
const NOW = new Date('2026-11-23T12:00:00.000Z');

beforeEach(() => {
  ddbMock.reset();
});

describe('the dashboard', () => {
  it('counts learners, the last 7 days’ paid orders (page by page, less refunds) and open questions', async () => {
    // Given: the learner count, two pages of this week's captured payments, two pages of counts.
    ddbMock.on(GetCommand).resolves({ Item: { pk: 'STATS#LEARNERS', learners: 41 } });
    ddbMock
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'PAYMENTS#CAPTURED' } }, false)
      .resolvesOnce({
        Items: [{ payment_amount: 300 }, { payment_amount: 450.5, refund_amount: 150.5 }],
        LastEvaluatedKey: { pk: 'x' },
      })
      .resolvesOnce({ Items: [{ payment_amount: 99 }] });
    ddbMock
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'QNA#UNANSWERED' } })
      .resolvesOnce({ Count: 100, LastEvaluatedKey: { pk: 'y' } })
      .resolvesOnce({ Count: 7 });

    // When
    const counts = await dashboard(NOW);

    // Then
    expect(counts).toEqual({
      learners: 41,
      paid_orders: { count: 3, amount: 699, since: '2026-11-16T12:00:00.000Z' },
      unanswered_questions: 107,
    });
    const sales = ddbMock
      .commandCalls(QueryCommand)
      .map((c) => c.args[0].input)
      .find((i) => i.ExpressionAttributeValues?.[':pk'] === 'PAYMENTS#CAPTURED');
    expect(sales).toMatchObject({
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk >= :since',
      ExpressionAttributeValues: { ':since': '2026-11-16T12:00:00.000Z' },
    });
    expect(ddbMock.commandCalls(ScanCommand)).toHaveLength(0);
  });

  it('counts no learner before anyone signed up', async () => {
    ddbMock.on(GetCommand).resolves({});
    ddbMock.on(QueryCommand).resolves({ Items: [], Count: 0 });

    expect((await dashboard(NOW)).learners).toBe(0);
  });
});

describe('the question desk', () => {
  const question = (qna_id: string, topic_id: string) => ({
    qna_id,
    topic_id,
    user_id: 'u1',
    user_name: 'Asha',
    posted_date: '2026-11-20',
    questionanswers: [{ question: 'Why?', answers: [] }],
  });

  it('reads every topic in one BatchGet and their ancestors in one more, never one by one', async () => {
    ddbMock.on(QueryCommand).resolves({
      Items: [question('q1', 't1'), question('q2', 't1'), question('q3', 'gone')],
    });
    ddbMock
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: {
          [process.env.TABLE_NAME ?? '']: [
            {
              type: 'topic',
              topic_id: 't1',
              topic_name: 'Akbar',
              chapter_id: 'c1',
              sub_subject_id: '',
              subject_id: 's1',
              class_id: 'k1',
              board_id: 'b1',
            },
          ],
        },
      })
      .resolvesOnce({
        Responses: {
          [process.env.TABLE_NAME ?? '']: [
            { type: 'chapter', chapter_id: 'c1', chapter_name: 'Mughals' },
            { type: 'subject', subject_id: 's1', subject_name: 'History' },
            { type: 'class', class_id: 'k1', class_name: 'Class 7' },
            { type: 'board', board_id: 'b1', board_name: 'CBSE' },
          ],
        },
      });

    const desk = await adminQuestions(true);

    expect(desk.map((q) => q.place)).toEqual([
      {
        topic_id: 't1',
        topic_name: 'Akbar',
        chapter_id: 'c1',
        chapter_name: 'Mughals',
        sub_subject_id: '',
        sub_subject_name: '',
        subject_id: 's1',
        subject_name: 'History',
        class_id: 'k1',
        class_name: 'Class 7',
        board_id: 'b1',
        board_name: 'CBSE',
      },
      expect.objectContaining({ topic_name: 'Akbar' }),
      null,
    ]);
    expect(ddbMock.commandCalls(BatchGetCommand)).toHaveLength(2);
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(0);
  });
});
