import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { GradedAnswer, QuizQuestion } from '@gia/shared/practice-answers.ts';
import { MathText } from '../../components/math/math-text.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { clock } from '../../lib/duration.ts';
import { t, useT } from '../../lib/i18n.ts';
import { links } from '../../lib/links.ts';
import { usePlayerSeek } from '../../lib/player-seek.ts';

/** What a learner has chosen so far: an option, some options, true/false, or typed digits. */
type Choice = string | string[] | boolean | undefined;

/** The answer as the API takes it, or undefined while nothing is chosen. */
function answerOf(
  q: QuizQuestion,
  choice: Choice,
): string | string[] | boolean | number | undefined {
  if (q.type === 'numeric') {
    const n = typeof choice === 'string' && choice.trim() !== '' ? Number(choice) : Number.NaN;
    return Number.isFinite(n) ? n : undefined;
  }
  if (q.type === 'multiple') return Array.isArray(choice) && choice.length ? choice : undefined;
  return choice === undefined || choice === '' ? undefined : (choice as string | boolean);
}

/** The right answer in words: the option texts, True/False, or the number (± tolerance). */
export function rightAnswerText(q: QuizQuestion, graded: GradedAnswer): string {
  const a = graded.correct_answer;
  const option = (id: string) => q.options?.find((o) => o.option_id === id)?.text ?? id;
  if (q.type === 'true_false') return a ? t('practice.true') : t('practice.false');
  if (q.type === 'numeric') return graded.tolerance ? `${a} (± ${graded.tolerance})` : String(a);
  return (Array.isArray(a) ? a : [String(a)]).map(option).join('; ');
}

/** Whether an option (or True/False) is the right answer, once graded. */
function isRight(graded: GradedAnswer, value: string | boolean): boolean {
  const a = graded.correct_answer;
  return Array.isArray(a) ? a.includes(value as string) : a === value;
}

/**
 * Where the answer is taught: the notes at its page (in the app's notes viewer, in a new tab so
 * the quiz stays where it is; shown when the lesson's topic list gave the topic's signed notes
 * URL, i.e. the learner may read them), or the lesson's video at its moment.
 */
export function SourceLink(props: {
  source: NonNullable<GradedAnswer['source']>;
  topicId: string;
  notesUrl?: string;
}) {
  const t = useT();
  const { source } = props;
  const seek = usePlayerSeek((s) => s.seek);
  if (source.kind === 'video') {
    return (
      <button type="button" className="btn btn-small" onClick={() => seek(source.seconds)}>
        {t('practice.watchAt', { time: clock(source.seconds) })}
      </button>
    );
  }
  return props.notesUrl ? (
    <a
      href={links.notes(props.topicId, source.page)}
      target="_blank"
      rel="noreferrer"
      className="btn btn-small"
    >
      {t('practice.readNotesPage', { page: source.page })}
    </a>
  ) : (
    <span className="muted small">{t('practice.notesPage', { page: source.page })}</span>
  );
}

/**
 * One question: its choices (radio buttons, checkboxes, True/False, or a number), "Check answer",
 * then the server's verdict with the explanation, the right answer and where it is taught.
 * `onAnswered` gets the verdict; `children` renders what comes after it (Next, Continue…).
 */
export function QuestionCard(props: {
  question: QuizQuestion;
  /** The signed URL of the question's topic's notes, for a notes source's link. */
  notesUrl?: string;
  /** "Question 2 of 6", or the video moment. */
  heading: string;
  check: (answer: unknown) => Promise<GradedAnswer>;
  onAnswered?: (graded: GradedAnswer) => void;
  children?: (graded: GradedAnswer) => React.ReactNode;
  /** Shown beside "Check answer" before it is answered (e.g. Skip). */
  aside?: React.ReactNode;
}) {
  const t = useT();
  const q = props.question;
  const [choice, setChoice] = useState<Choice>(q.type === 'multiple' ? [] : undefined);
  const [graded, setGraded] = useState<GradedAnswer | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = `q-${q.question_id}`;
  const answer = answerOf(q, choice);
  const feedback = useRef<HTMLDivElement>(null);
  // The verdict comes into view (under a paused video it may be below the fold on a phone).
  useEffect(() => {
    if (graded) feedback.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [graded]);

  /** A choice's row: once graded, the right answer is marked, and a wrong pick too. */
  const optionClass = (value: string | boolean, picked: boolean) =>
    !graded
      ? 'practice-option'
      : isRight(graded, value)
        ? 'practice-option is-right-answer'
        : picked
          ? 'practice-option is-wrong-pick'
          : 'practice-option';
  const rightMark = (value: string | boolean) =>
    graded && isRight(graded, value) ? (
      <span className="practice-mark">{t('practice.rightMark')}</span>
    ) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (answer === undefined || busy || graded) return;
    setBusy(true);
    setError('');
    try {
      const result = await props.check(answer);
      setGraded(result);
      props.onAnswered?.(result);
    } catch (err) {
      setError(errorMessage(err, t('practice.checkFailed')));
    } finally {
      setBusy(false);
    }
  }

  const radio = (value: string | boolean, label: string, key: string) => (
    <label key={key} className={optionClass(value, choice === value)}>
      <input
        type="radio"
        name={id}
        checked={choice === value}
        disabled={Boolean(graded)}
        onChange={() => setChoice(value)}
      />
      <span>
        <MathText text={label} />
      </span>
      {rightMark(value)}
    </label>
  );

  return (
    <form className="practice-question" onSubmit={submit} aria-labelledby={`${id}-text`}>
      <p className="practice-count muted small">{props.heading}</p>
      <fieldset disabled={Boolean(graded) || busy}>
        <legend id={`${id}-text`} className="practice-text">
          <MathText text={q.text} />
        </legend>
        {q.image_url && (
          <img
            className="practice-image"
            src={q.image_url}
            alt=""
            loading="lazy"
            width={480}
            height={270}
          />
        )}
        {q.type === 'single' && q.options?.map((o) => radio(o.option_id, o.text, o.option_id))}
        {q.type === 'true_false' && [
          radio(true, t('practice.true'), 't'),
          radio(false, t('practice.false'), 'f'),
        ]}
        {q.type === 'multiple' && (
          <>
            <p className="muted small">{t('practice.chooseEvery')}</p>
            {q.options?.map((o) => {
              const picked = Array.isArray(choice) && choice.includes(o.option_id);
              return (
                <label key={o.option_id} className={optionClass(o.option_id, picked)}>
                  <input
                    type="checkbox"
                    checked={picked}
                    onChange={() =>
                      setChoice((c) => {
                        const list = Array.isArray(c) ? c : [];
                        return picked
                          ? list.filter((x) => x !== o.option_id)
                          : [...list, o.option_id];
                      })
                    }
                  />
                  <span>
                    <MathText text={o.text} />
                  </span>
                  {rightMark(o.option_id)}
                </label>
              );
            })}
          </>
        )}
        {q.type === 'numeric' && (
          <div className="field">
            <label htmlFor={`${id}-number`}>{t('practice.numberLabel')}</label>
            <input
              id={`${id}-number`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={typeof choice === 'string' ? choice : ''}
              onChange={(e) => setChoice(e.target.value)}
            />
          </div>
        )}
      </fieldset>
      {!graded && (
        <div className="practice-actions">
          <button type="submit" className="btn btn-primary" disabled={answer === undefined || busy}>
            {t('practice.check')}
          </button>
          {props.aside}
        </div>
      )}
      {error && <p role="alert">{error}</p>}
      <div role="status" aria-live="polite" ref={feedback}>
        {graded && (
          <div className={`practice-feedback ${graded.correct ? 'is-right' : 'is-wrong'}`}>
            <p className="practice-verdict">
              {graded.correct ? t('practice.correct') : t('practice.notQuite')}
            </p>
            {!graded.correct && (
              <p>
                {t('practice.rightAnswer')}{' '}
                <strong>
                  <MathText text={rightAnswerText(q, graded)} />
                </strong>
              </p>
            )}
            <p>
              <MathText text={graded.explanation} />
            </p>
            {graded.source && (
              <SourceLink source={graded.source} topicId={q.topic_id} notesUrl={props.notesUrl} />
            )}
          </div>
        )}
      </div>
      {graded && props.children?.(graded)}
    </form>
  );
}
