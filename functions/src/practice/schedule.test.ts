import { describe, expect, it } from 'vitest';
import { Rating } from 'ts-fsrs';
import { nextCard, ratingOf } from './schedule.ts';

const DAY = 86_400_000;
const AT = new Date('2026-11-23T04:30:00.000Z');
const daysAfter = (iso: string, from: Date) => (Date.parse(iso) - from.getTime()) / DAY;

describe('spaced review scheduling (FSRS, by whole days)', () => {
  it('rates a wrong answer Again and a right one Good', () => {
    expect(ratingOf(false)).toBe(Rating.Again);
    expect(ratingOf(true)).toBe(Rating.Good);
  });

  it('brings a question missed the first time back exactly one day later', () => {
    const card = nextCard(undefined, false, AT);
    expect(daysAfter(card.due, AT)).toBe(1);
    expect(card).toMatchObject({ reps: 1, last_review: AT.toISOString() });
  });

  it('waits longer after a right answer than after a wrong one, and longer again after two', () => {
    const right = nextCard(undefined, true, AT);
    expect(daysAfter(right.due, AT)).toBeGreaterThan(1);
    const later = new Date(right.due);
    const twice = nextCard(right, true, later);
    expect(daysAfter(twice.due, later)).toBeGreaterThan(daysAfter(right.due, AT));
    expect(twice.reps).toBe(2);
  });

  it('after a miss and a right review, schedules the next look more than a day ahead', () => {
    const missed = nextCard(undefined, false, AT);
    const reviewAt = new Date(missed.due);
    const reviewed = nextCard(missed, true, reviewAt);
    expect(daysAfter(reviewed.due, reviewAt)).toBeGreaterThan(1);
    expect(Number.isInteger(daysAfter(reviewed.due, reviewAt))).toBe(true);
  });

  it('counts a lapse when a question once known is missed, and brings it back the next day', () => {
    const known = nextCard(undefined, true, AT);
    const at = new Date(known.due);
    const lapsed = nextCard(known, false, at);
    expect(lapsed.lapses).toBe(1);
    expect(daysAfter(lapsed.due, at)).toBe(1);
  });
});
