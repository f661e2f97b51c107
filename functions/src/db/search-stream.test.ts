import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { removedSubjectOf, searchChangeOf } from './search-stream.ts';

const S = (value: string) => ({ S: value });
const record = (
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  image: Record<string, unknown>,
): DynamoDBRecord =>
  ({
    eventName,
    dynamodb: eventName === 'REMOVE' ? { OldImage: image } : { NewImage: image },
  }) as DynamoDBRecord;

describe('searchChangeOf', () => {
  it('names the class of a topic written, and of a chapter deleted (its old image)', () => {
    const topic = { pk: S('TOPIC#t1'), sk: S('TOPIC'), type: S('topic'), class_id: S('c1') };
    expect(searchChangeOf(record('MODIFY', topic))).toEqual({ kind: 'class', classId: 'c1' });
    const chapter = {
      pk: S('CHAPTER#ch'),
      sk: S('CHAPTER'),
      type: S('chapter'),
      class_id: S('c2'),
    };
    expect(searchChangeOf(record('REMOVE', chapter))).toEqual({ kind: 'class', classId: 'c2' });
  });

  it('names a board’s id (its classes are rebuilt), and a finished extraction’s key', () => {
    const board = { pk: S('BOARD#b'), sk: S('BOARD'), type: S('board'), board_id: S('b') };
    expect(searchChangeOf(record('INSERT', board))).toEqual({ kind: 'board', boardId: 'b' });
    const source = (status: string) => ({
      pk: S('SOURCE#private/notes/n.pdf'),
      sk: S('SOURCE'),
      type: S('source'),
      key: S('private/notes/n.pdf'),
      status: S(status),
    });
    expect(searchChangeOf(record('MODIFY', source('ready')))).toEqual({
      kind: 'source',
      key: 'private/notes/n.pdf',
    });
    expect(searchChangeOf(record('MODIFY', source('processing')))).toBeUndefined();
  });

  it('ignores every other item, and never throws on an attribute it cannot read', () => {
    const passages = { pk: S('TOPIC#t1'), sk: S('PASSAGES'), type: S('topic-passages') };
    const guard = { pk: S('BOARDNAME#cbse'), sk: S('BOARDNAME'), type: S('board') };
    const use = { pk: S('SOURCE#k'), sk: S('CLASS#c'), type: S('source-use'), class_id: S('c') };
    const odd = { pk: S('ORDER#o'), sk: S('ORDER'), type: S('order'), weird: {} };
    for (const image of [passages, guard, use, odd]) {
      expect(searchChangeOf(record('MODIFY', image))).toBeUndefined();
    }
  });
});

describe('removedSubjectOf', () => {
  it('names a deleted subject (its outline goes with it), never a written one or a guard', () => {
    const subject = {
      pk: S('SUBJECT#s1'),
      sk: S('SUBJECT'),
      type: S('subject'),
      subject_id: S('s1'),
      class_id: S('c1'),
    };
    expect(removedSubjectOf(record('REMOVE', subject))).toBe('s1');
    expect(removedSubjectOf(record('MODIFY', subject))).toBeUndefined();
    const outline = { ...subject, sk: S('OUTLINE'), type: S('outline') };
    expect(removedSubjectOf(record('REMOVE', outline))).toBeUndefined();
    const topic = { pk: S('TOPIC#t1'), sk: S('TOPIC'), type: S('topic'), subject_id: S('s1') };
    expect(removedSubjectOf(record('REMOVE', topic))).toBeUndefined();
  });
});
