import { describe, expect, it } from 'vitest';
import { classOpen } from './scope.ts';

const cls = { class_id: 'C1', class_name: 'Class 10', board_id: 'B1' };
const board = { board_id: 'B1', board_name: 'CBSE' };
const subject = (id: string, free_course?: boolean) => ({
  subject_id: id,
  subject_name: id,
  class_id: 'C1',
  board_id: 'B1',
  ...(free_course === undefined ? {} : { free_course }),
});
const none = new Set<string>();

describe('whether the teacher may answer in a class', () => {
  it('is yes when the class or its board is a free course, even with no subject yet', () => {
    expect(classOpen({ ...cls, free_course: true }, board, [], none)).toBe(true);
    expect(classOpen(cls, { ...board, free_course: true }, [], none)).toBe(true);
  });

  it('is yes when one of its subjects is a free course or owned by the learner', () => {
    const subjects = [subject('S1'), subject('S2', true)];
    expect(classOpen(cls, board, subjects, none)).toBe(true);
    expect(classOpen(cls, board, [subject('S1'), subject('S2')], new Set(['S2']))).toBe(true);
  });

  it('is no when nothing of it is free and no subject of it is owned', () => {
    expect(classOpen(cls, board, [subject('S1'), subject('S2', false)], none)).toBe(false);
    expect(classOpen(cls, undefined, [], none)).toBe(false);
    // A grant of another class's subject does not open this one.
    expect(classOpen(cls, board, [subject('S1')], new Set(['S9']))).toBe(false);
  });
});
