import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
} from '@aws-sdk/lib-dynamodb';
import { routePath } from '@gia/shared';
import { accessClaims, testIssuer, TEST_ENV } from '../../test/tokens.ts';
import { httpEvent, lambdaContext } from '../../test/event.ts';

Object.assign(process.env, TEST_ENV);
const { cacheJwksForTests } = await import('../lib/auth.ts');
const { handler } = await import('./handler.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);
const issuer = testIssuer();
beforeAll(() => cacheJwksForTests(issuer.jwks));

type Key = { pk: string; sk: string };
const record = (kind: string, id: string, fields: Record<string, unknown> = {}) => ({
  pk: `${kind.toUpperCase()}#${id}`,
  sk: kind.toUpperCase(),
  type: kind,
  [`${kind}_id`]: id,
  ...fields,
});
/** A paid topic t1 of s1/c1/b1; a free subject s2 and class c2 of another course. */
const stored = [
  record('topic', 't1', {
    status: 'Active',
    free_to_watch: '2',
    chapter_id: 'ch1',
    subject_id: 's1',
    class_id: 'c1',
    board_id: 'b1',
  }),
  record('subject', 's1', { free_course: false }),
  record('subject', 's2', { free_course: true }),
  record('class', 'c1', { free_course: false }),
  record('class', 'c2', { free_course: true }),
  record('board', 'b1', { free_course: false }),
  { pk: 'USER#owner', sk: 'GRANT#s1', type: 'grant', subject_id: 's1' },
  { pk: 'USER#other', sk: 'GRANT#s2', type: 'grant', subject_id: 's2' },
];
const find = (k: Key) => stored.find((i) => i.pk === k.pk && i.sk === k.sk);
const question = {
  pk: 'TOPIC#t1',
  sk: 'QNA#01',
  type: 'qna',
  qna_id: '01',
  user_id: 'owner',
  user_name: 'Asha',
  topic_id: 't1',
  posted_date: '2026-11-01T00:00:00.000Z',
  questionanswers: [{ question: 'Why?', answers: [] }],
};

beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(GetCommand).callsFake(async (input: { Key: Key }) => ({ Item: find(input.Key) }));
  ddbMock.on(QueryCommand).resolves({ Items: [question] });
  ddbMock
    .on(BatchGetCommand)
    .callsFake(async (input: { RequestItems: Record<string, { Keys: Key[] }> }) => {
      const [table, { Keys }] = Object.entries(input.RequestItems)[0]!;
      return { Responses: { [table]: Keys.flatMap((k) => find(k) ?? []) } };
    });
});

async function getqna(userId: string, query: Record<string, string>) {
  const event = httpEvent('GET', routePath('qna.get'), {
    headers: { authorization: `Bearer ${issuer.sign(accessClaims('learner', userId))}` },
    query,
  });
  const res = await handler(event, lambdaContext);
  return { status: res.statusCode, body: JSON.parse(res.body ?? 'null') };
}
const ops = () =>
  ddbMock
    .calls()
    .map((c) => (c.args[0] as { constructor: { name: string } }).constructor.name)
    .sort();
const right = { subject_id: 's1', class_id: 'c1', board_id: 'b1' };

describe('a topic’s questions (getqna) with the topic’s ancestor ids (hints)', () => {
  it('takes two requests with the right hints: the page, and one BatchGet of the topic, its ancestors, the grant and the session check', async () => {
    const res = await getqna('owner', { topic_id: 't1', ...right });

    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(ops()).toEqual(['BatchGetCommand', 'QueryCommand']);
    const read =
      ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems!['test-table']!;
    expect(read.ConsistentRead).toBe(true);
    expect(read.Keys).toEqual(
      expect.arrayContaining([
        { pk: 'SIGNEDOUT#learner#owner', sk: 'SIGNEDOUT' },
        { pk: 'TOPIC#t1', sk: 'TOPIC' },
        { pk: 'SUBJECT#s1', sk: 'SUBJECT' },
        { pk: 'USER#owner', sk: 'GRANT#s1' },
      ]),
    );
  });

  it('answers the same with a wrong or no hint, reading the true ancestors in a second request', async () => {
    const wrong = await getqna('owner', { topic_id: 't1', ...right, board_id: 'b9' });
    expect(wrong.status).toBe(200);
    expect(wrong.body.data).toHaveLength(1);
    expect(ops()).toEqual(['BatchGetCommand', 'BatchGetCommand', 'QueryCommand']);

    ddbMock.resetHistory();
    const none = await getqna('owner', { topic_id: 't1' });
    expect(none.status).toBe(200);
    expect(none.body.data).toHaveLength(1);
    expect(ops()).toEqual(['BatchGetCommand', 'GetCommand', 'QueryCommand']);
  });

  it('still answers 403 to a learner who may not watch the topic, whatever the hints name', async () => {
    expect((await getqna('nobody', { topic_id: 't1', ...right })).status).toBe(403);
    const freeElsewhere = await getqna('other', {
      topic_id: 't1',
      subject_id: 's2',
      class_id: 'c2',
      board_id: 'b1',
    });
    expect(freeElsewhere).toMatchObject({
      status: 403,
      body: { message: "You haven't bought the course !!" },
    });
  });

  it('answers 400 for a malformed hint', async () => {
    const res = await getqna('owner', { topic_id: 't1', subject_id: 's/1' });
    expect(res).toMatchObject({ status: 400, body: { message: 'subject_id is not valid.' } });
  });
});
