import { createEmptyCard, fsrs, generatorParameters, Rating, type Card } from 'ts-fsrs';
import type { CardState } from '../db/review.ts';

/**
 * Spaced review's scheduling (issue 31): FSRS through `ts-fsrs`, never re-implemented here.
 *
 * Every counted answer is one review of the learner's card of that question: wrong is
 * `Again`, right is `Good`. Scheduling is by whole days (`enable_short_term: false`: no
 * minutes-long learning steps), so a missed question is due again one day later and a question
 * answered right a few days later. Fuzz is off: the same answers give the same dates, which the
 * learner can rely on ("due tomorrow") and the tests can state.
 */
const scheduler = fsrs(generatorParameters({ enable_short_term: false, enable_fuzz: false }));

const toFsrs = (c: CardState): Card => ({
  due: new Date(c.due),
  stability: c.stability,
  difficulty: c.difficulty,
  elapsed_days: c.elapsed_days,
  scheduled_days: c.scheduled_days,
  learning_steps: c.learning_steps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state,
  ...(c.last_review ? { last_review: new Date(c.last_review) } : {}),
});

const fromFsrs = (c: Card): CardState => ({
  due: c.due.toISOString(),
  stability: c.stability,
  difficulty: c.difficulty,
  elapsed_days: c.elapsed_days,
  scheduled_days: c.scheduled_days,
  learning_steps: c.learning_steps,
  reps: c.reps,
  lapses: c.lapses,
  state: c.state,
  ...(c.last_review ? { last_review: c.last_review.toISOString() } : {}),
});

/** The rating an answer gives its card: wrong `Again`, right `Good`. */
export const ratingOf = (correct: boolean) => (correct ? Rating.Good : Rating.Again);

/**
 * The card after one more answer at `at`: a question answered for the first time starts from a
 * new card.
 */
export function nextCard(card: CardState | undefined, correct: boolean, at: Date): CardState {
  const from = card ? toFsrs(card) : createEmptyCard(at);
  return fromFsrs(scheduler.next(from, at, ratingOf(correct)).card);
}
