import type { ReactNode } from 'react';
import { QNA_LIMITS, type PublicQuestion } from '@gia/shared';
import { t, useT } from '../lib/i18n.ts';

/** The heading of an answer the server flagged as given by staff ("Answer from GIA School"). */
export const staffAnswer = () => t('questions.staffAnswer', { staff: t('app.name') });

/** The badge of an answer a teacher published (the server's `verified_by_teacher`). */
export const verified = () => t('questions.verified');

/**
 * One question with its answers — the same for learners in a topic and for admins at the
 * question desk. An answer by staff (the server's `is_staff` flag, never the name) stands apart
 * under "Answer from GIA School". The box to answer shows only where the screen passes
 * `onAnswer` (the admins' desk: learners do not answer).
 */
export function QuestionThread(props: {
  question: PublicQuestion;
  /** What stands above the answers (the question, who asked, when). */
  header: ReactNode;
  draft?: string;
  onDraft?(value: string): void;
  onAnswer?(): void;
  buttonClassName?: string;
  /** The answer button's words ("Answer"; the desk publishes a hand-off's draft). */
  buttonLabel?: string;
}) {
  useT();
  const q = props.question;
  const answers = q.questionanswers[0]?.answers ?? [];
  return (
    <>
      {props.header}
      {answers.length > 0 && (
        <ul className="answers">
          {answers.map((a, i) =>
            a.is_staff ? (
              <li key={i} className="answer answer-staff">
                <p className="answer-from">
                  {staffAnswer()}
                  {a.verified_by_teacher && <span className="answer-verified">{verified()}</span>}
                </p>
                <p>{a.answer}</p>
              </li>
            ) : (
              <li key={i} className="answer">
                <p>
                  {a.answer} <span className="muted small">— {a.answered_by}</span>
                </p>
              </li>
            ),
          )}
        </ul>
      )}
      {props.onAnswer && (
        <div className="answer-box">
          <label htmlFor={`answer-${q.qna_id}`}>Answer</label>
          <textarea
            id={`answer-${q.qna_id}`}
            rows={2}
            placeholder="Write an answer"
            value={props.draft ?? ''}
            onChange={(e) => props.onDraft?.(e.target.value)}
            maxLength={QNA_LIMITS.textChars}
          />
          <button
            type="button"
            className={props.buttonClassName ?? 'btn btn-small'}
            onClick={props.onAnswer}
          >
            {props.buttonLabel ?? 'Answer'}
          </button>
        </div>
      )}
    </>
  );
}
