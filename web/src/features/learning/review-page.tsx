import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReviewQueue } from '@gia/shared/practice-answers.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { links } from '../../lib/links.ts';
import { useAnswerQuestion, useReviewQueue } from '../../lib/practice-api.ts';
import { QuestionCard } from './question-card.tsx';

/** The end of a review: how it went and the way back. */
function ReviewDone(props: { right: number; total: number; more: number }) {
  return (
    <section className="card practice-score" role="status">
      <p className="practice-verdict">
        Review done: {props.right} of {props.total} right.
      </p>
      <p>
        {props.more > 0
          ? `${props.more} more ${props.more === 1 ? 'question is' : 'questions are'} due: open the review again for the next ones.`
          : 'Questions you missed come back tomorrow; the ones you knew, a few days later.'}
      </p>
      <div className="practice-actions">
        <Link to={links.myCourses()} className="btn btn-primary">
          Back to My Courses
        </Link>
      </div>
    </section>
  );
}

/** The due questions, one at a time with feedback after each, then the end of the review. */
function ReviewQuestions({ queue }: { queue: ReviewQueue }) {
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
    <section className="card practice" aria-label="Review questions">
      <QuestionCard
        key={q.question_id}
        question={q}
        heading={`Review · question ${at + 1} of ${total}`}
        check={(given) =>
          answer.mutateAsync({ attempt_id: attemptId, question_id: q.question_id, answer: given })
        }
        onAnswered={(graded) => graded.correct && setRight((n) => n + 1)}
      >
        {() => (
          <div className="practice-actions">
            {at + 1 < total ? (
              <button type="button" className="btn btn-primary" onClick={() => setAt(at + 1)}>
                Next question
              </button>
            ) : (
              <button type="button" className="btn btn-primary" onClick={() => setDone(true)}>
                Finish review
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
  const queue = useReviewQueue();
  return (
    <>
      <PageHeading title="Review">
        Questions you answered before, back when you are about to forget them.
      </PageHeading>
      <QueryState
        query={queue}
        what="your review"
        skeleton="list"
        skeletonCount={1}
        isEmpty={(data) => data.questions.length === 0}
        empty={
          <section className="empty">
            <p>Nothing to review today.</p>
            <Link to={links.myCourses()} className="btn btn-primary">
              Back to My Courses
            </Link>
          </section>
        }
      >
        {(data) => <ReviewQuestions queue={data} />}
      </QueryState>
    </>
  );
}
