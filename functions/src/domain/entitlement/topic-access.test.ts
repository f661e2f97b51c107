import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { TEST_ENV } from '../../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { requireTopicAccessHinted } = await import('./topic-access.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);

const record = (kind: string, id: string, fields: Record<string, unknown> = {}) => ({
  pk: `${kind.toUpperCase()}#${id}`,
  sk: kind.toUpperCase(),
  type: kind,
  [`${kind}_id`]: id,
  ...fields,
});

/** The stored items, by `pk` and `sk`: a paid topic of s1/c1/b1, and a free subject s2. */
const stored = [
  record('topic', 't1', {
    status: 'Active',
    free_to_watch: '2',
    chapter_id: 'ch1',
    subject_id: 's1',
    class_id: 'c1',
    board_id: 'b1',
  }),
  record('topic', 'gone', { status: 'Inactive', subject_id: 's1', class_id: 'c1', board_id: 'b1' }),
  record('subject', 's1', { free_course: false }),
  record('subject', 's2', { free_course: true }),
  record('class', 'c1', { free_course: false }),
  record('class', 'c2', { free_course: true }),
  record('board', 'b1', { free_course: false }),
  { pk: 'USER#owner', sk: 'GRANT#s1', type: 'grant', subject_id: 's1' },
  { pk: 'USER#other', sk: 'GRANT#s2', type: 'grant', subject_id: 's2' },
];
const find = (k: { pk: string; sk: string }) => stored.find((i) => i.pk === k.pk && i.sk === k.sk);

beforeEach(() => {
  ddbMock.reset();
  ddbMock.on(GetCommand).callsFake(async (input: { Key: { pk: string; sk: string } }) => ({
    Item: find(input.Key),
  }));
  ddbMock
    .on(BatchGetCommand)
    .callsFake(
      async (input: { RequestItems: Record<string, { Keys: { pk: string; sk: string }[] }> }) => {
        const [table, { Keys }] = Object.entries(input.RequestItems)[0]!;
        return { Responses: { [table]: Keys.flatMap((k) => find(k) ?? []) } };
      },
    );
});

const right = { subject_id: 's1', class_id: 'c1', board_id: 'b1' };
const requests = () => ({
  get: ddbMock.commandCalls(GetCommand).length,
  batchGets: ddbMock.commandCalls(BatchGetCommand).length,
});

describe('a topic access check with the ancestor ids the client sent (hints)', () => {
  it('reads the topic, its subject, class and board and the grant in one BatchGet when the hints are right', async () => {
    const access = await requireTopicAccessHinted('owner', 't1', right);

    expect(access).toMatchObject({ allowed: true, subject: { subject_id: 's1' } });
    expect(requests()).toEqual({ get: 0, batchGets: 1 });
    const keys =
      ddbMock.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems!['test-table']!.Keys;
    expect(keys).toEqual(
      expect.arrayContaining([
        { pk: 'TOPIC#t1', sk: 'TOPIC' },
        { pk: 'SUBJECT#s1', sk: 'SUBJECT' },
        { pk: 'CLASS#c1', sk: 'CLASS' },
        { pk: 'BOARD#b1', sk: 'BOARD' },
        { pk: 'USER#owner', sk: 'GRANT#s1' },
      ]),
    );
  });

  it('answers the same with wrong hints, reading the true ancestors and grant in a second BatchGet', async () => {
    const access = await requireTopicAccessHinted('owner', 't1', {
      subject_id: 's2',
      class_id: 'c1',
      board_id: 'b1',
    });

    expect(access).toMatchObject({ allowed: true, subject: { subject_id: 's1' } });
    expect(requests()).toEqual({ get: 0, batchGets: 2 });
    expect(
      ddbMock.commandCalls(BatchGetCommand)[1]!.args[0].input.RequestItems!['test-table']!.Keys,
    ).toEqual([
      { pk: 'SUBJECT#s1', sk: 'SUBJECT' },
      { pk: 'USER#owner', sk: 'GRANT#s1' },
    ]);
  });

  it('answers the same without hints: the topic first, then its ancestors and the grant', async () => {
    const access = await requireTopicAccessHinted('owner', 't1', {});

    expect(access).toMatchObject({ allowed: true, subject: { subject_id: 's1' } });
    expect(requests()).toEqual({ get: 1, batchGets: 1 });
  });

  it('still refuses a paid topic to a learner without its grant, whatever the hints name', async () => {
    // Right hints, no grant.
    await expect(requireTopicAccessHinted('nobody', 't1', right)).rejects.toMatchObject({
      status: 403,
    });
    // A free subject and class the learner holds a grant of, named in place of the topic's own.
    await expect(
      requireTopicAccessHinted('other', 't1', { subject_id: 's2', class_id: 'c2', board_id: 'b1' }),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('answers 404 for a topic that is missing or not Active, hinted or not', async () => {
    await expect(requireTopicAccessHinted('owner', 'gone', right)).rejects.toMatchObject({
      status: 404,
    });
    await expect(requireTopicAccessHinted('owner', 'nope', right)).rejects.toMatchObject({
      status: 404,
    });
    // No second read for a topic that is a 404 anyway.
    expect(requests()).toEqual({ get: 0, batchGets: 2 });
  });
});
