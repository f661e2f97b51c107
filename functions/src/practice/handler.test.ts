import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { routePath } from '@gia/shared';
import { accessClaims, testIssuer, TEST_ENV } from '../../test/tokens.ts';
import { httpEvent, lambdaContext } from '../../test/event.ts';

Object.assign(process.env, TEST_ENV);
const { cacheJwksForTests } = await import('../lib/auth.ts');
const { ddb } = await import('../lib/dynamo.ts');
const { handler } = await import('./handler.ts');

type Key = { pk: string; sk: string };
type Wire = Record<string, never>;

const record = (kind: string, id: string, fields: Record<string, unknown> = {}) => ({
  pk: `${kind.toUpperCase()}#${id}`,
  sk: kind.toUpperCase(),
  type: kind,
  [`${kind}_id`]: id,
  ...fields,
});
const topicOf = (id: string, fields: Record<string, unknown> = {}) =>
  record('topic', id, {
    topic_name: id,
    status: 'Active',
    chapter_id: 'ch1',
    subject_id: 's1',
    class_id: 'c1',
    board_id: 'b1',
    ...fields,
  });
const bankOf = (topicId: string) => ({
  pk: `TOPIC#${topicId}`,
  sk: 'QUIZ',
  type: 'quizbank',
  topic_id: topicId,
  chapter_id: 'ch1',
  subject_id: 's1',
  class_id: 'c1',
  board_id: 'b1',
  version: 1,
  questions: [1, 2, 3].map((n) => ({
    question_id: `${topicId}~q${n}`,
    type: 'true_false',
    text: `Statement ${n}`,
    answer: true,
    explanation: 'E',
    status: 'approved',
  })),
});

/** What the stand-in table holds: a paid topic t1 of s1/c1/b1 and a free subject s2. */
let stored: Record<string, unknown>[] = [];
const find = (k: Key) => stored.find((i) => i.pk === k.pk && i.sk === k.sk);
/** The requests DynamoDB got, in order, with the keys a BatchGet asked for. */
const sent: { op: string; keys?: Key[]; consistent?: boolean }[] = [];

// DynamoDB itself is replaced after the client's own steps (the session guard before a write
// runs in the first, `initialize`), so every command goes through the real middleware. It gets
// the keys marshalled and answers items as the document client hands them on.
beforeAll(() => {
  ddb.middlewareStack.add(
    (_next, context) => async (args) => {
      const op = String(context.commandName).replace(/Command$/, '');
      const input = args.input as {
        Key?: Wire;
        RequestItems?: Record<string, { Keys: Wire[]; ConsistentRead?: boolean }>;
      };
      const answer = (output: object) => ({ output: { $metadata: {}, ...output }, response: {} });
      if (op === 'GetItem') {
        const item = find(unmarshall(input.Key!) as Key);
        sent.push({ op });
        return answer(item ? { Item: item } : {});
      }
      if (op === 'BatchGetItem') {
        const [table, { Keys, ConsistentRead }] = Object.entries(input.RequestItems!)[0]!;
        const keys = Keys.map((k) => unmarshall(k) as Key);
        sent.push({ op, keys, consistent: ConsistentRead === true });
        const items = keys.flatMap((k) => find(k) ?? []);
        return answer({ Responses: { [table]: items } });
      }
      sent.push({ op });
      return answer({});
    },
    { step: 'build', name: 'testStandInForDynamoDb' },
  );
  cacheJwksForTests(issuer.jwks);
});
afterAll(() => ddb.middlewareStack.remove('testStandInForDynamoDb'));

const issuer = testIssuer();
const token = (userId: string, session = 'on') =>
  issuer.sign(accessClaims('learner', userId, { jti: session }));

beforeEach(() => {
  sent.length = 0;
  stored = [
    topicOf('t1', { free_to_watch: '2' }),
    bankOf('t1'),
    record('subject', 's1', { free_course: false }),
    record('subject', 's2', { free_course: true }),
    record('class', 'c1', { free_course: false }),
    record('class', 'c2', { free_course: true }),
    record('board', 'b1', { free_course: false }),
    { pk: 'USER#owner', sk: 'GRANT#s1', type: 'grant', subject_id: 's1' },
    { pk: 'USER#other', sk: 'GRANT#s2', type: 'grant', subject_id: 's2' },
    { pk: 'REVOKED#out', sk: 'REVOKED' },
  ];
});

async function getQuiz(userId: string, query: Record<string, string>, session = 'on') {
  const event = httpEvent('GET', routePath('practice.getQuiz'), {
    headers: { authorization: `Bearer ${token(userId, session)}` },
    query,
  });
  const res = await handler(event, lambdaContext);
  return { status: res.statusCode, body: JSON.parse(res.body ?? 'null') };
}

const right = { subject_id: 's1', class_id: 'c1', board_id: 'b1' };

describe('getQuiz of a topic with its ancestor ids (hints)', () => {
  it('reads everything in one consistent BatchGet, the session check included, then writes the attempt', async () => {
    const res = await getQuiz('owner', { topic_id: 't1', ...right });

    expect(res.status).toBe(200);
    expect(res.body.data.questions).toHaveLength(3);
    expect(sent.map((s) => s.op)).toEqual(['BatchGetItem', 'PutItem']);
    expect(sent[0]!.consistent).toBe(true);
    expect(sent[0]!.keys).toEqual(
      expect.arrayContaining([
        { pk: 'REVOKED#on', sk: 'REVOKED' },
        { pk: 'SIGNEDOUT#learner#owner', sk: 'SIGNEDOUT' },
        { pk: 'TOPIC#t1', sk: 'TOPIC' },
        { pk: 'TOPIC#t1', sk: 'QUIZ' },
        { pk: 'SUBJECT#s1', sk: 'SUBJECT' },
        { pk: 'CLASS#c1', sk: 'CLASS' },
        { pk: 'BOARD#b1', sk: 'BOARD' },
        { pk: 'USER#owner', sk: 'GRANT#s1' },
      ]),
    );
  });

  it('answers the same with a wrong or absent hint, reading the true ancestors in a second request', async () => {
    const wrong = await getQuiz('owner', { topic_id: 't1', ...right, subject_id: 's2' });
    expect(wrong.status).toBe(200);
    expect(wrong.body.data.questions).toHaveLength(3);
    expect(sent.map((s) => s.op)).toEqual(['BatchGetItem', 'BatchGetItem', 'PutItem']);
    expect(sent[1]!.keys).toEqual([
      { pk: 'SUBJECT#s1', sk: 'SUBJECT' },
      { pk: 'USER#owner', sk: 'GRANT#s1' },
    ]);

    sent.length = 0;
    const none = await getQuiz('owner', { topic_id: 't1' });
    expect(none.status).toBe(200);
    expect(sent.map((s) => s.op)).toEqual(['GetItem', 'BatchGetItem', 'PutItem']);
  });

  it('still refuses a paid topic the learner may not watch, whatever free subject or class the hints name, writing nothing', async () => {
    const hinted = await getQuiz('other', {
      topic_id: 't1',
      subject_id: 's2',
      class_id: 'c2',
      board_id: 'b1',
    });
    expect(hinted.status).toBe(403);
    expect((await getQuiz('nobody', { topic_id: 't1', ...right })).status).toBe(403);
    expect(sent.map((s) => s.op)).not.toContain('PutItem');
  });

  it('answers 400 for a malformed hint, writing nothing', async () => {
    const res = await getQuiz('owner', { topic_id: 't1', ...right, class_id: 'c 1!' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('class_id is not valid.');
    expect(sent.map((s) => s.op)).not.toContain('PutItem');
  });

  it('answers 401 to a logged-out session, its read found or not, and never writes the attempt', async () => {
    expect((await getQuiz('owner', { topic_id: 't1', ...right }, 'out')).status).toBe(401);
    expect((await getQuiz('owner', { topic_id: 't1' }, 'out')).status).toBe(401);
    expect(sent.map((s) => s.op)).not.toContain('PutItem');
  });

  it('answers 404 for a topic that is not Active, reading nothing more', async () => {
    stored[0] = topicOf('t1', { status: 'Inactive' });
    const res = await getQuiz('owner', { topic_id: 't1', ...right });
    expect(res.status).toBe(404);
    expect(sent.map((s) => s.op)).toEqual(['BatchGetItem']);
  });
});
