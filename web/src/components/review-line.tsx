import { Link } from 'react-router-dom';
import type { Streak } from '@gia/shared/practice-answers.ts';
import { t, useT } from '../lib/i18n.ts';
import { links } from '../lib/links.ts';
import { useReviewSummary } from '../lib/practice-api.ts';
import { useSession } from '../lib/session.ts';

/** "1 question to review today", "3 questions to review today". */
export const reviewText = (due: number) => t('reviews.dueToday', { count: due });

/** "3-day streak", and how to keep it when today does not count yet. */
export const streakText = (streak: Streak) =>
  t(streak.today ? 'reviews.streak' : 'reviews.streakKeepGoing', { count: streak.days });

/**
 * Spaced review's line for a signed-in learner (issue 31): the questions due today, linking to
 * the review screen, and the streak beside it. Nothing when nothing is due and there is no
 * streak, or for anyone but a signed-in learner.
 */
export function ReviewLine() {
  useT();
  const isLearner = useSession((s) => s.isAuthenticated && s.role === 'learner');
  const summary = useReviewSummary(isLearner);
  const data = summary.data;
  if (!isLearner || !data || (data.due === 0 && data.streak.days === 0)) return null;
  return (
    <div className="review-line">
      {data.due > 0 && (
        <Link to={links.review()} className="btn btn-primary">
          {reviewText(data.due)}
        </Link>
      )}
      {data.streak.days > 0 && (
        <span className="review-streak">
          <span aria-hidden="true">🔥 </span>
          {streakText(data.streak)}
        </span>
      )}
    </div>
  );
}
