import { QuestionThread } from '../../components/question-thread.tsx';
import { useState } from 'react';
import type { PublicQuestion } from '@gia/shared';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminHeader } from './admin-header.tsx';
import { useAnswerAsStaff, useDeskQuestions } from './api/questions.ts';
import { dayMonthYear } from './format.ts';

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
