import { describe, expect, it } from 'vitest';
import { clock, lessons, lessonsTotal, topicLength, totalLength } from './duration.ts';

describe('lengths on the subject page', () => {
  it('shows a lesson as m:ss, and h:mm:ss past an hour', () => {
    expect(clock(6)).toBe('0:06');
    expect(clock(125)).toBe('2:05');
    expect(clock(3725)).toBe('1:02:05');
  });
  it('shows a course in words', () => {
    expect(totalLength(45)).toBe('45 sec');
    expect(totalLength(720)).toBe('12 min');
    expect(totalLength(3900)).toBe('1 h 5 min');
    expect(totalLength(7200)).toBe('2 h');
    expect(lessons(1)).toBe('1 lesson');
    expect(lessons(12)).toBe('12 lessons');
  });
});

describe('lengths of topics', () => {
  it("takes the transcoded video's length first, then the recorded one", () => {
    expect(topicLength({ video_duration_seconds: 91, duration_seconds: 60 })).toBe(91);
    expect(topicLength({ video_duration_seconds: null, duration_seconds: 60 })).toBe(60);
    expect(topicLength({})).toBeNull();
  });
  it('sums a list into "12 lessons · 1 h 5 min", the count alone when no length is known', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({
      video_duration_seconds: i < 11 ? 325 : 325,
    }));
    expect(lessonsTotal(twelve)).toBe('12 lessons · 1 h 5 min');
    expect(lessonsTotal([{}, {}])).toBe('2 lessons');
  });
});
