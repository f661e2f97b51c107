import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MASTERY_PERCENT } from '@gia/shared/practice.ts';
import type { GradedAnswer, Quiz } from '@gia/shared/practice-answers.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { links } from '../../lib/links.ts';
import { useAnswerQuestion, useStartQuiz, type QuizScope } from '../../lib/practice-api.ts';
import { QuestionCard } from './question-card.tsx';

type Score = NonNullable<GradedAnswer['score']>;

/** The end of a quiz: the score, whether it masters the topic, and another go. */
function ScoreCard(props: {
  score: Score;
  topicQuiz: boolean;
  again(): void;
  other?: { label: string; start(): void };
}) {
  const { score } = props;
  return (
    <div className="practice-score" role="status">
      <p className="practice-verdict">
        You scored {score.correct} of {score.total} ({score.percent}%).
      </p>
      {props.topicQuiz && (
        <p>
          {score.percent >= MASTERY_PERCENT
            ? 'You have mastered this topic.'
            : `Score ${MASTERY_PERCENT}% or more to master this topic.`}
        </p>
      )}
      <div className="practice-actions">
        <button type="button" className="btn btn-primary" onClick={props.again}>
          Try again
        </button>
        {props.other && (
          <button type="button" className="btn" onClick={props.other.start}>
            {props.other.label}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The lesson player's Practice tab (issue 17): the topic's quiz or its chapter's test, one
 * question at a time with instant feedback from the server, then the score and a retry.
 */
export function PracticeTab(props: {
  topicId: string;
  chapterId: string;
  subjectId: string;
  /** The signed notes URL of a topic of the chapter (from the lesson's topic list). */
  notesOf(topicId: string): string | undefined;
}) {
  const start = useStartQuiz();
  const answer = useAnswerQuestion(props.subjectId);
  const [quiz, setQuiz] = useState<Quiz | null>(null);
  const [at, setAt] = useState(0);
  const [score, setScore] = useState<Score | null>(null);

  const topicScope: QuizScope = { topic_id: props.topicId };
  const chapterScope: QuizScope = { chapter_id: props.chapterId };
  async function begin(scope: QuizScope) {
    setScore(null);
    setAt(0);
    setQuiz(null);
    try {
      setQuiz(await start.mutateAsync(scope));
    } catch {
      // Shown below from the mutation's error.
    }
  }

  const locked = start.error instanceof ApiError && start.error.status === 403;
  const q = quiz?.questions[at];
  const isTopic = quiz?.scope === 'topic';

  return (
    <section className="card practice" aria-labelledby="practice-title">
      <h2 id="practice-title">Practice</h2>
      {!quiz && (
        <>
          <p>Test yourself: up to 10 questions, each checked at once with where to read more.</p>
          <div className="practice-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={start.isPending}
              onClick={() => void begin(topicScope)}
            >
              Take the lesson quiz
            </button>
            <button
              type="button"
              className="btn"
              disabled={start.isPending}
              onClick={() => void begin(chapterScope)}
            >
              Take the chapter test
            </button>
          </div>
          {start.isError && (
            <p role="alert" className={locked ? '' : 'muted'}>
              {errorMessage(start.error, 'The quiz cannot be loaded now. Please try again.')}{' '}
              {locked && <Link to={links.subject(props.subjectId)}>See the course</Link>}
            </p>
          )}
        </>
      )}
      {quiz && score && (
        <ScoreCard
          score={score}
          topicQuiz={isTopic}
          again={() => void begin(isTopic ? topicScope : chapterScope)}
          other={
            isTopic
              ? { label: 'Take the chapter test', start: () => void begin(chapterScope) }
              : { label: 'Take the lesson quiz', start: () => void begin(topicScope) }
          }
        />
      )}
      {quiz && !score && q && (
        <QuestionCard
          key={`${quiz.attempt_id}:${q.question_id}`}
          question={q}
          notesUrl={props.notesOf(q.topic_id)}
          heading={`${isTopic ? 'Lesson quiz' : 'Chapter test'} · question ${at + 1} of ${quiz.questions.length}`}
          check={(given) =>
            answer.mutateAsync({
              attempt_id: quiz.attempt_id,
              question_id: q.question_id,
              answer: given,
            })
          }
        >
          {(graded) => (
            <div className="practice-actions">
              {graded.score ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => setScore(graded.score!)}
                >
                  See your score
                </button>
              ) : at + 1 < quiz.questions.length ? (
                <button type="button" className="btn btn-primary" onClick={() => setAt(at + 1)}>
                  Next question
                </button>
              ) : (
                <button type="button" className="btn btn-primary" onClick={() => setQuiz(null)}>
                  Finish
                </button>
              )}
            </div>
          )}
        </QuestionCard>
      )}
    </section>
  );
}
