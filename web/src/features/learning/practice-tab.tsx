import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { TopicRecord } from '@gia/shared/catalogue-records.ts';
import { MASTERY_PERCENT } from '@gia/shared/practice.ts';
import type { GradedAnswer, Quiz, QuizQuestion } from '@gia/shared/practice-answers.ts';
import { ChevronRightIcon } from '../../components/icons.tsx';
import { MathText } from '../../components/math/math-text.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n.ts';
import { links } from '../../lib/links.ts';
import { useOnline } from '../../lib/online.ts';
import { enqueue, useWillSync } from '../../lib/outbox.ts';
import { useAnswerQuestion, useStartQuiz, type QuizScope } from '../../lib/practice-api.ts';
import {
  gradeOffline,
  markPackAnswered,
  offlineScore,
  packUsedUp,
  savePracticePack,
  usePracticePack,
  useRefreshPack,
  type PracticePack,
} from '../../lib/practice-offline.ts';
import { QuestionCard, rightAnswerText, SourceLink } from './question-card.tsx';

type Score = NonNullable<GradedAnswer['score']>;

/** A question of the quiz as it was answered (offline: with the outbox id of its answer). */
interface Answered {
  question: QuizQuestion;
  graded: GradedAnswer;
  clientId?: string;
}

/** "Will sync" beside an answer made offline, until the outbox has sent it. */
function WillSync({ clientId }: { clientId?: string }) {
  const t = useT();
  const waiting = useWillSync(clientId);
  return waiting ? (
    <span className="will-sync" role="status">
      {t('practice.willSync')}
    </span>
  ) : null;
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
  const t = useT();
  const { score, next } = props;
  return (
    <div className="practice-score" role="status">
      <p className="practice-verdict">
        {t('practice.scored', {
          correct: score.correct,
          total: score.total,
          percent: score.percent,
        })}
      </p>
      {props.topicQuiz && (
        <p>
          {score.percent >= MASTERY_PERCENT
            ? t('practice.mastered')
            : t('practice.toMaster', { percent: MASTERY_PERCENT })}
        </p>
      )}
      {props.missed.length > 0 && (
        <section className="practice-missed" aria-labelledby="practice-missed-title">
          <h3 id="practice-missed-title">
            {t('practice.missedTitle', { count: props.missed.length })}
          </h3>
          <ol>
            {props.missed.map(({ question, graded }) => (
              <li key={question.question_id}>
                <p className="practice-text">
                  <MathText text={question.text} />
                </p>
                <p>
                  {t('practice.rightAnswer')}{' '}
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
            {t('lesson.nextLesson')} <ChevronRightIcon />
          </Link>
        )}
        <button type="button" className={next ? 'btn' : 'btn btn-primary'} onClick={props.again}>
          {t('practice.tryAgain')}
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
 * at its end, which the tab starts at once. Offline (issue 32), the topic's practice pack saved
 * on the device is graded here and each answer waits in the outbox ("Will sync"); without a pack,
 * and for the chapter test, it says a connection is needed.
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
  const t = useT();
  const start = useStartQuiz();
  const answer = useAnswerQuestion(props.subjectId);
  const online = useOnline();
  const pack = usePracticePack(props.topicId);
  const refreshPack = useRefreshPack();
  const [quiz, setQuiz] = useState<Quiz | null>(props.startWith ?? null);
  /** The pack the quiz on screen comes from (answered on the device), if it does. */
  const [fromPack, setFromPack] = useState<PracticePack | null>(null);
  const [at, setAt] = useState(0);
  const [score, setScore] = useState<Score | null>(null);
  const [answered, setAnswered] = useState<Answered[]>([]);

  // A check offered after the tab opened (the lesson ended while Practice was showing).
  const { startWith } = props;
  useEffect(() => {
    if (!startWith) return;
    setQuiz(startWith);
    setFromPack(null);
    setAt(0);
    setScore(null);
    setAnswered([]);
  }, [startWith]);

  // A pack used up offline is replaced by a fresh one once online (a new attempt to practise).
  const used = pack.data && packUsedUp(pack.data);
  const { topicId } = props;
  useEffect(() => {
    if (!online || !used) return;
    void savePracticePack(topicId)
      .catch(() => undefined)
      .then(() => refreshPack(topicId));
  }, [online, used, topicId, refreshPack]);

  const topicScope: QuizScope = { topic_id: props.topicId };
  const chapterScope: QuizScope = { chapter_id: props.chapterId };
  async function begin(scope: QuizScope) {
    setScore(null);
    setAt(0);
    setQuiz(null);
    setFromPack(null);
    setAnswered([]);
    try {
      setQuiz(await start.mutateAsync(scope));
    } catch {
      // Shown below from the mutation's error.
    }
  }

  /** Starts the saved pack's quiz at its first question not answered yet. */
  function beginOffline(p: PracticePack) {
    setScore(null);
    setAnswered([]);
    setFromPack(p);
    setQuiz({ attempt_id: p.attempt_id, scope: 'topic', questions: p.questions });
    setAt(
      Math.max(
        0,
        p.questions.findIndex((x) => p.answered[x.question_id] === undefined),
      ),
    );
  }

  /** Grades on the device and queues the answer (with the pack's attempt and a new id). */
  async function checkOffline(p: PracticePack, q: QuizQuestion, given: unknown) {
    const graded = gradeOffline(p, q.question_id, given);
    const { entry } = await enqueue('practice.answerQuiz', {
      attempt_id: p.attempt_id,
      question_id: q.question_id,
      answer: given,
    });
    const now = await markPackAnswered(p, q.question_id, {
      client_id: entry.client_id,
      correct: graded.correct,
    });
    setFromPack(now);
    void refreshPack(p.topic_id);
    // The last answer shows the score the server will count (its own grading, here).
    const withScore = packUsedUp(now) ? { ...graded, score: offlineScore(now) } : graded;
    return { graded: withScore, clientId: entry.client_id };
  }

  const locked = start.error instanceof ApiError && start.error.status === 403;
  const q = quiz?.questions[at];
  const isTopic = quiz?.scope === 'topic';
  const usablePack = pack.data && !packUsedUp(pack.data) ? pack.data : null;

  return (
    <section className="card practice" aria-labelledby="practice-title">
      <h2 id="practice-title">{t('practice.title')}</h2>
      {!quiz && !online && (
        <>
          {usablePack ? (
            <>
              <p>{t('practice.savedOffline')}</p>
              <div className="practice-actions">
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => beginOffline(usablePack)}
                >
                  {t('practice.takeQuiz')}
                </button>
              </div>
            </>
          ) : (
            <p role="status">{t('practice.needsConnection')}</p>
          )}
          <p className="muted small">{t('practice.chapterTestNeedsConnection')}</p>
        </>
      )}
      {!quiz && online && (
        <>
          <p>{t('practice.intro')}</p>
          <div className="practice-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={start.isPending}
              onClick={() => void begin(topicScope)}
            >
              {t('practice.takeQuiz')}
            </button>
            <button
              type="button"
              className="btn"
              disabled={start.isPending}
              onClick={() => void begin(chapterScope)}
            >
              {t('practice.takeChapterTest')}
            </button>
          </div>
          {start.isError && (
            <p role="alert" className={locked ? '' : 'muted'}>
              {errorMessage(start.error, t('practice.quizFailed'))}{' '}
              {locked && <Link to={links.subject(props.subjectId)}>{t('lesson.seeCourse')}</Link>}
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
          again={() =>
            online || !usablePack
              ? void begin(isTopic ? topicScope : chapterScope)
              : beginOffline(usablePack)
          }
          other={
            !online
              ? undefined
              : isTopic
                ? { label: t('practice.takeChapterTest'), start: () => void begin(chapterScope) }
                : { label: t('practice.takeQuiz'), start: () => void begin(topicScope) }
          }
        />
      )}
      {quiz && !score && q && (
        <QuestionCard
          key={`${quiz.attempt_id}:${q.question_id}`}
          question={q}
          notesUrl={props.notesOf(q.topic_id)}
          heading={t(isTopic ? 'practice.quizHeading' : 'practice.testHeading', {
            at: at + 1,
            total: quiz.questions.length,
          })}
          check={async (given) => {
            if (fromPack) {
              const { graded, clientId } = await checkOffline(fromPack, q, given);
              setAnswered((list) => [...list, { question: q, graded, clientId }]);
              return graded;
            }
            const graded = await answer.mutateAsync({
              attempt_id: quiz.attempt_id,
              question_id: q.question_id,
              answer: given,
            });
            setAnswered((list) => [...list, { question: q, graded }]);
            return graded;
          }}
        >
          {(graded) => (
            <div className="practice-actions">
              <WillSync clientId={answered.find((a) => a.question === q)?.clientId} />
              {graded.score ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => setScore(graded.score!)}
                >
                  {t('practice.seeScore')}
                </button>
              ) : at + 1 < quiz.questions.length ? (
                <button type="button" className="btn btn-primary" onClick={() => setAt(at + 1)}>
                  {t('practice.nextQuestion')}
                </button>
              ) : (
                <button type="button" className="btn btn-primary" onClick={() => setQuiz(null)}>
                  {t('practice.finish')}
                </button>
              )}
            </div>
          )}
        </QuestionCard>
      )}
    </section>
  );
}
