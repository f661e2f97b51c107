import type { ReactNode } from 'react';
import { QNA_LIMITS, type PublicQuestion } from '@gia/shared';

/** The staff badge, shown only for answers the server flagged as given by staff. */
export function StaffBadge() {
  return (
    <span className="badge" style={{ position: 'static' }}>
      Staff
    </span>
  );
}

/**
 * One question with its answers and a box to add an answer — the same for learners in a topic
 * and for admins at the question desk.
 */
export function QuestionThread(props: {
  question: PublicQuestion;
  /** What stands above the answers (the question, who asked, when). */
  header: ReactNode;
  draft: string;
  onDraft(value: string): void;
  onAnswer(): void;
  buttonClassName: string;
}) {
  const q = props.question;
  return (
    <>
      {props.header}
      {q.questionanswers[0]?.answers.map((a, i) => (
        <p key={i} className="answer">
          {a.answer} <span className="muted small">— {a.answered_by}</span>{' '}
          {a.is_staff && <StaffBadge />}
        </p>
      ))}
      <div className="row">
        <label htmlFor={`answer-${q.qna_id}`} className="sr-only">
          Answer
        </label>
        <input
          id={`answer-${q.qna_id}`}
          placeholder="Write an answer"
          value={props.draft}
          onChange={(e) => props.onDraft(e.target.value)}
          maxLength={QNA_LIMITS.textChars}
        />
        <button type="button" className={props.buttonClassName} onClick={props.onAnswer}>
          Answer
        </button>
      </div>
    </>
  );
}
