import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReviewQueue } from '@gia/shared/practice-answers.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { t, useT } from '../../lib/i18n.ts';
import { links } from '../../lib/links.ts';
import { useAnswerQuestion, useReviewQueue } from '../../lib/practice-api.ts';
import { QuestionCard } from './question-card.tsx';

/** The end of a review: how it went and the way back. */
function ReviewDone(props: { right: number; total: number; more: number }) {
  const t = useT();
  return (
    <section className="card practice-score" role="status">
      <p className="practice-verdict">
        {t('reviews.done', { right: props.right, total: props.total })}
      </p>
      <p>{props.more > 0 ? t('reviews.moreDue', { count: props.more }) : t('reviews.comeBack')}</p>
      <div className="practice-actions">
        <Link to={links.myCourses()} className="btn btn-primary">
          {t('reviews.backToMyCourses')}
        </Link>
      </div>
    </section>
  );
}

/** The due questions, one at a time with feedback after each, then the end of the review. */
function ReviewQuestions({ queue }: { queue: ReviewQueue }) {
  const t = useT();
  const answer = useAnswerQuestion();
  const [at, setAt] = useState(0);
  const [right, setRight] = useState(0);
  const [done, setDone] = useState(false);
  const total = queue.questions.length;
  const q = queue.questions[at];
  if (done || !q || !queue.attempt_id) {
    return <ReviewDone right={right} total={total} more={Math.max(0, queue.due - total)} />;
  }
  const attemptId = queue.attempt_id;
  return (
    <section className="card practice" aria-label={t('reviews.questionsLabel')}>
      <QuestionCard
        key={q.question_id}
        question={q}
        heading={t('reviews.heading', { at: at + 1, total })}
        check={(given) =>
          answer.mutateAsync({ attempt_id: attemptId, question_id: q.question_id, answer: given })
        }
        onAnswered={(graded) => graded.correct && setRight((n) => n + 1)}
      >
        {() => (
          <div className="practice-actions">
            {at + 1 < total ? (
              <button type="button" className="btn btn-primary" onClick={() => setAt(at + 1)}>
                {t('practice.nextQuestion')}
              </button>
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => setDone(true)}>
                {t('reviews.finish')}
              </button>
            )}
          </div>
        )}
      </QuestionCard>
    </section>
  );
}

/** `/Review`: spaced review (issue 31), the questions due today. */
export function ReviewPage() {
  useT();
  const queue = useReviewQueue();
  return (
    <>
      <PageHeading title={t('reviews.pageTitle')}>{t('reviews.pageIntro')}</PageHeading>
      <QueryState
        query={queue}
        what={t('reviews.what')}
        skeleton="list"
        skeletonCount={1}
        isEmpty={(data) => data.questions.length === 0}
        empty={
          <section className="empty">
            <p>{t('reviews.nothingToday')}</p>
            <Link to={links.myCourses()} className="btn btn-primary">
              {t('reviews.backToMyCourses')}
            </Link>
          </section>
        }
      >
        {(data) => <ReviewQuestions queue={data} />}
      </QueryState>
    </>
  );
}
