import { QuestionThread } from '../../components/question-thread.tsx';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { HANDOFF_MESSAGES, type HandoffDraft } from '@gia/shared';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { citationLabel } from '../../lib/citations.ts';
import { AdminHeader } from './admin-header.tsx';
import {
  useAnswerAsStaff,
  useDeskQuestions,
  type DeskQuestion,
  type QuestionPlace,
} from './api/questions.ts';
import { dayMonthYear } from './format.ts';

/** The Topics screen of the back office, showing one chapter's topics. */
export const topicsOfChapter = (chapterId: string) =>
  `/Topics?chapter=${encodeURIComponent(chapterId)}`;

/** Where a question was asked: the topic (a link to its chapter's topics), then its ancestors. */
function Place({ place }: { place: QuestionPlace | null }) {
  if (!place) return <p className="muted small">The topic of this question was deleted.</p>;
  const context = [
    place.chapter_name,
    place.sub_subject_name,
    place.subject_name,
    place.class_name,
    place.board_name,
  ].filter(Boolean);
  return (
    <p className="question-place small">
      <Link to={topicsOfChapter(place.chapter_id)}>{place.topic_name}</Link>
      {context.length > 0 && <> — {context.join(' · ')}</>}
    </p>
  );
}

const answeredYet = (q: DeskQuestion) => q.questionanswers.some((qa) => qa.answers.length > 0);

/** The tag of a question a learner handed off from the AI teacher. */
export const FROM_AI = 'From the AI teacher';

/** The AI teacher's draft of a hand-off and what it cites (the page, the time, the quote). */
function AiDraft({ draft, id }: { draft: HandoffDraft; id: string }) {
  return (
    <section className="desk-draft" aria-labelledby={`draft-${id}`}>
      <h2 id={`draft-${id}`} className="desk-draft-title">
        The AI teacher&apos;s draft
      </h2>
      {draft.text ? (
        <p className="desk-draft-text">{draft.text}</p>
      ) : (
        <p className="muted small">The AI teacher had not answered this learner on this topic.</p>
      )}
      {draft.citations.length > 0 && (
        <ul className="desk-draft-cites" aria-label="Sources the draft cites">
          {draft.citations.map((c, i) => (
            <li key={i}>
              <strong>{citationLabel(c)}</strong>: “{c.quote}”
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * `/AdminQuestions`: learners' questions, with a filter for unanswered ones and an answer box.
 * Hand-offs from the AI teacher come first (the server orders them), tagged, with the AI's draft
 * and its citations; their answer box starts with the draft, to correct and publish.
 */
export function QuestionsPage() {
  const [unanswered, setUnanswered] = useState(true);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const questions = useDeskQuestions(unanswered);
  const answerAsStaff = useAnswerAsStaff();

  /** What the answer box holds: the admin's words, else a hand-off's draft to start from. */
  const boxText = (q: DeskQuestion) =>
    drafts[q.qna_id] ?? (q.handoff && !answeredYet(q) ? (q.draft?.text ?? '') : '');

  async function answer(q: DeskQuestion) {
    const text = boxText(q).trim();
    if (!text) return toast.error('Answer cannot be empty.');
    try {
      const res = await answerAsStaff.mutateAsync({ qna_id: q.qna_id, answer: text });
      toast.success(q.handoff ? HANDOFF_MESSAGES.draftPublished : res.message);
      setDrafts({ ...drafts, [q.qna_id]: '' });
    } catch (err) {
      toast.error(errorMessage(err, 'Question cannot be answered now, sorry.'));
    }
  }

  return (
    <>
      <AdminHeader />
      <main className="admin-main">
        <h1>Questions</h1>
        <label className="field-check">
          <input
            type="checkbox"
            checked={unanswered}
            onChange={(e) => setUnanswered(e.target.checked)}
          />{' '}
          Unanswered only
        </label>
        {questions.isLoading ? (
          <p>Loading...</p>
        ) : !questions.data?.length ? (
          <p className="empty">No questions.</p>
        ) : (
          <ul className="qna-list">
            {questions.data.map((q) => (
              <li key={q.qna_id} className={q.handoff ? 'card desk-handoff' : 'card'}>
                <QuestionThread
                  question={q}
                  header={
                    <>
                      {q.handoff && <p className="desk-tag">{FROM_AI}</p>}
                      <Place place={q.place} />
                      <p>
                        <strong>{q.questionanswers[0]?.question}</strong>
                      </p>
                      <p className="muted small">
                        {q.user_name} · {dayMonthYear(q.posted_date)}
                      </p>
                      {q.handoff && q.draft && <AiDraft draft={q.draft} id={q.qna_id} />}
                    </>
                  }
                  draft={boxText(q)}
                  onDraft={(v) => setDrafts({ ...drafts, [q.qna_id]: v })}
                  onAnswer={() => answer(q)}
                  buttonClassName="btn btn-primary"
                  buttonLabel={q.handoff && !answeredYet(q) ? 'Publish' : 'Answer'}
                />
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
