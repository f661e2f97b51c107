import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { TopicRecord } from '@gia/shared/catalogue-records.ts';
import { MASTERY_PERCENT } from '@gia/shared/practice.ts';
import type { GradedAnswer, Quiz, QuizQuestion } from '@gia/shared/practice-answers.ts';
import { ChevronRightIcon } from '../../components/icons.tsx';
import { MathText } from '../../components/math/math-text.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { links } from '../../lib/links.ts';
import { useAnswerQuestion, useStartQuiz, type QuizScope } from '../../lib/practice-api.ts';
import { QuestionCard, rightAnswerText, SourceLink } from './question-card.tsx';

type Score = NonNullable<GradedAnswer['score']>;

/** A question of the quiz as it was answered. */
interface Answered {
  question: QuizQuestion;
  graded: GradedAnswer;
}

/** The next lesson, as the chapter's list names it. */
export type NextTopic = Pick<TopicRecord, 'topic_id' | 'topic_name' | 'chapter_id'>;

/**
 * The end of a quiz: the score, whether it masters the topic, each missed question with the right
 * answer, its explanation and where it is taught, then the next lesson (or another go).
 */
function ScoreCard(props: {
  score: Score;
  topicQuiz: boolean;
  missed: readonly Answered[];
  notesOf(topicId: string): string | undefined;
  next?: NextTopic;
  again(): void;
  other?: { label: string; start(): void };
}) {
  const { score, next } = props;
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
      {props.missed.length > 0 && (
        <section className="practice-missed" aria-labelledby="practice-missed-title">
          <h3 id="practice-missed-title">
            {props.missed.length === 1 ? 'The question you missed' : 'The questions you missed'}
          </h3>
          <ol>
            {props.missed.map(({ question, graded }) => (
              <li key={question.question_id}>
                <p className="practice-text">
                  <MathText text={question.text} />
                </p>
                <p>
                  The right answer:{' '}
                  <strong>
                    <MathText text={rightAnswerText(question, graded)} />
                  </strong>
                </p>
                {graded.explanation && (
                  <p>
                    <MathText text={graded.explanation} />
                  </p>
                )}
                {graded.source && (
                  <SourceLink
                    source={graded.source}
                    topicId={question.topic_id}
                    notesUrl={props.notesOf(question.topic_id)}
                  />
                )}
              </li>
            ))}
          </ol>
        </section>
      )}
      <div className="practice-actions">
        {next && (
          <Link to={links.topic(next.chapter_id, next.topic_id)} className="btn btn-primary">
            Next lesson <ChevronRightIcon />
          </Link>
        )}
        <button type="button" className={next ? 'btn' : 'btn btn-primary'} onClick={props.again}>
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
 * question at a time with instant feedback from the server, then the score, what was missed and
 * the next lesson (issue 31). `startWith` is a quiz already issued: the check the lesson offered
 * at its end, which the tab starts at once.
 */
export function PracticeTab(props: {
  topicId: string;
  chapterId: string;
  subjectId: string;
  /** The signed notes URL of a topic of the chapter (from the lesson's topic list). */
  notesOf(topicId: string): string | undefined;
  startWith?: Quiz;
  next?: NextTopic;
}) {
  const start = useStartQuiz();
  const answer = useAnswerQuestion(props.subjectId);
  const [quiz, setQuiz] = useState<Quiz | null>(props.startWith ?? null);
  const [at, setAt] = useState(0);
  const [score, setScore] = useState<Score | null>(null);
  const [answered, setAnswered] = useState<Answered[]>([]);

  // A check offered after the tab opened (the lesson ended while Practice was showing).
  const { startWith } = props;
  useEffect(() => {
    if (!startWith) return;
    setQuiz(startWith);
    setAt(0);
    setScore(null);
    setAnswered([]);
  }, [startWith]);

  const topicScope: QuizScope = { topic_id: props.topicId };
  const chapterScope: QuizScope = { chapter_id: props.chapterId };
  async function begin(scope: QuizScope) {
    setScore(null);
    setAt(0);
    setQuiz(null);
    setAnswered([]);
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
          missed={answered.filter((a) => !a.graded.correct)}
          notesOf={props.notesOf}
          next={props.next}
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
          onAnswered={(graded) => setAnswered((list) => [...list, { question: q, graded }])}
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
