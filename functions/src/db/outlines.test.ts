import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { outlineOf, outlinesFrom, rebuildClassOutlines } = await import('./outlines.ts');
const { withReadingLanguage } = await import('../lib/reading-language.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);

const topic = (id: string, subject: string, fields: Record<string, unknown> = {}) => ({
  pk: `TOPIC#${id}`,
  sk: 'TOPIC',
  type: 'topic',
  topic_id: id,
  topic_name: `Topic ${id}`,
  chapter_id: `ch-${subject}`,
  subject_id: subject,
  class_id: 'c1',
  board_id: 'b1',
  status: 'Active',
  video_url: '/media/private/videos/x.mp4',
  ...fields,
});
const subject = (id: string) => ({
  pk: `SUBJECT#${id}`,
  sk: 'SUBJECT',
  type: 'subject',
  subject_id: id,
  class_id: 'c1',
  board_id: 'b1',
});

beforeEach(() => ddbMock.reset());

describe('outlineOf', () => {
  it('keeps the active topics in the order given, with only what My Courses names', () => {
    const topics = [
      topic('t1', 's1'),
      topic('t2', 's1', { status: 'Inactive' }),
      topic('t3', 's1', { chapter_id: 'ch2' }),
    ];
    expect(outlineOf(topics)).toEqual([
      { topic_id: 't1', chapter_id: 'ch-s1', topic_name: 'Topic t1' },
      { topic_id: 't3', chapter_id: 'ch2', topic_name: 'Topic t3' },
    ]);
  });
});

describe('a topic’s name in Kannada and Hindi (issue 33)', () => {
  it('is kept in the outline (its name only), and a learner’s read gets its language’s', () => {
    const named = topic('t1', 's1', {
      translations: {
        kn: { topic_name: 'ವಾಸ್ತವ ಸಂಖ್ಯೆಗಳು', topic_description: 'ವಿವರ' },
        hi: { topic_description: 'विवरण' },
      },
    });
    const [kept] = outlineOf([named]);
    expect(kept).toEqual({
      topic_id: 't1',
      chapter_id: 'ch-s1',
      topic_name: 'Topic t1',
      translations: { kn: { topic_name: 'ವಾಸ್ತವ ಸಂಖ್ಯೆಗಳು' } },
    });
    const item = {
      pk: 'SUBJECT#s1',
      sk: 'OUTLINE',
      type: 'outline',
      subject_id: 's1',
      topics: [kept],
    };
    const read = (language: 'en' | 'kn' | 'hi') =>
      withReadingLanguage(language, () => outlinesFrom([item]).get('s1'));
    expect(read('kn')).toEqual([
      { topic_id: 't1', chapter_id: 'ch-s1', topic_name: 'ವಾಸ್ತವ ಸಂಖ್ಯೆಗಳು' },
    ]);
    expect(read('hi')).toEqual([{ topic_id: 't1', chapter_id: 'ch-s1', topic_name: 'Topic t1' }]);
    expect(read('en')).toEqual([{ topic_id: 't1', chapter_id: 'ch-s1', topic_name: 'Topic t1' }]);
  });
});

describe('outlinesFrom', () => {
  it('finds the outlines among other items of a BatchGet, by subject', () => {
    const outline = {
      pk: 'SUBJECT#s1',
      sk: 'OUTLINE',
      type: 'outline',
      subject_id: 's1',
      topics: [{ topic_id: 't1', chapter_id: 'ch', topic_name: 'T' }],
    };
    const found = outlinesFrom([subject('s1'), outline, { pk: 'USER#u', sk: 'SESSION' }]);
    expect([...found]).toEqual([['s1', outline.topics]]);
  });
});

describe('rebuildClassOutlines', () => {
  const content = [
    { ...subject('s1'), gsi3sk: 'S#s1' },
    topic('t1', 's1'),
    topic('t2', 's1', { status: 'Inactive' }),
    { ...subject('s2'), gsi3sk: 'S#s2' },
  ];

  it('writes each subject’s outline from one Query of the class, never over a later read', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: content });
    ddbMock.on(PutCommand).resolves({});

    await rebuildClassOutlines('c1');

    expect(ddbMock.commandCalls(QueryCommand)).toHaveLength(1);
    const puts = ddbMock.commandCalls(PutCommand).map((c) => c.args[0].input);
    expect(puts.map((p) => p.Item)).toEqual([
      expect.objectContaining({
        pk: 'SUBJECT#s1',
        sk: 'OUTLINE',
        type: 'outline',
        subject_id: 's1',
        class_id: 'c1',
        topics: [{ topic_id: 't1', chapter_id: 'ch-s1', topic_name: 'Topic t1' }],
      }),
      expect.objectContaining({ pk: 'SUBJECT#s2', subject_id: 's2', topics: [] }),
    ]);
    const readAt = puts[0]!.Item!.read_at as string;
    expect(Date.parse(readAt)).not.toBeNaN();
    expect(puts[0]).toMatchObject({
      ConditionExpression: 'attribute_not_exists(read_at) OR read_at <= :read_at',
      ExpressionAttributeValues: { ':read_at': readAt },
    });
  });

  it('leaves an outline a later rebuild wrote, and still writes the others', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: content });
    const refused: unknown[] = [];
    ddbMock.on(PutCommand).callsFake((input: { Item: { subject_id: string } }) => {
      if (input.Item.subject_id !== 's1') return {};
      refused.push(input.Item.subject_id);
      throw new ConditionalCheckFailedException({ message: 'newer', $metadata: {} });
    });

    await expect(rebuildClassOutlines('c1')).resolves.toBeUndefined();
    expect(refused).toEqual(['s1']);
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(2);
  });

  it('fails on any other error, so the stream retries the batch', async () => {
    ddbMock.on(QueryCommand).resolves({ Items: content });
    ddbMock.on(PutCommand).rejects(new Error('throttled'));
    await expect(rebuildClassOutlines('c1')).rejects.toThrow('throttled');
  });
});
