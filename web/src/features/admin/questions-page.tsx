import { QuestionThread } from '../../components/question-thread.tsx';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { PublicQuestion } from '@gia/shared';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminHeader } from './admin-header.tsx';
import { useAnswerAsStaff, useDeskQuestions, type QuestionPlace } from './api/questions.ts';
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

/** `/AdminQuestions`: learners' questions, with a filter for unanswered ones and an answer box. */
export function QuestionsPage() {
  const [unanswered, setUnanswered] = useState(true);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const questions = useDeskQuestions(unanswered);
  const answerAsStaff = useAnswerAsStaff();

  async function answer(q: PublicQuestion) {
    const text = (drafts[q.qna_id] ?? '').trim();
    if (!text) return toast.error('Answer cannot be empty.');
    try {
      const res = await answerAsStaff.mutateAsync({ qna_id: q.qna_id, answer: text });
      toast.success(res.message);
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
              <li key={q.qna_id} className="card">
                <QuestionThread
                  question={q}
                  header={
                    <>
                      <Place place={q.place} />
                      <p>
                        <strong>{q.questionanswers[0]?.question}</strong>
                      </p>
                      <p className="muted small">
                        {q.user_name} · {dayMonthYear(q.posted_date)}
                      </p>
                    </>
                  }
                  draft={drafts[q.qna_id] ?? ''}
                  onDraft={(v) => setDrafts({ ...drafts, [q.qna_id]: v })}
                  onAnswer={() => answer(q)}
                  buttonClassName="btn btn-primary"
                />
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}
