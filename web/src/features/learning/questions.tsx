import { QuestionThread, type Question } from '../../components/question-thread.tsx';
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LEARNING_MESSAGES as M } from '@gia/shared';
import { toast } from '../../components/toast.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';

const L = '/api/v1/classuser/data';

/** Questions about a topic, newest first, with answers and a box to answer. */
export function Questions({ topicId }: { topicId: string }) {
  const queryClient = useQueryClient();
  const [question, setQuestion] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const questions = useQuery({
    queryKey: ['qna', topicId],
    queryFn: async () =>
      (
        await api<{ data: Question[] }>(
          'GET',
          `${L}/getqna?topic_id=${encodeURIComponent(topicId)}`,
        )
      ).data,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['qna', topicId] });

  async function post(e: FormEvent) {
    e.preventDefault();
    if (!question.trim()) return toast.error(M.questionEmpty);
    try {
      toast.success(
        (
          await api<{ message: string }>('POST', `${L}/insertqna`, {
            body: { topic_id: topicId, question },
          })
        ).message,
      );
      setQuestion('');
      void refresh();
    } catch (err) {
      toast.error(errorMessage(err, 'Question cannot be posted now, sorry.'));
    }
  }

  async function answer(q: Question) {
    const text = (answers[q.qna_id] ?? '').trim();
    if (!text) return toast.error(M.answerEmpty);
    try {
      toast.success(
        (
          await api<{ message: string }>('POST', `${L}/updateqna`, {
            body: { qna_id: q.qna_id, answer: text },
          })
        ).message,
      );
      setAnswers({ ...answers, [q.qna_id]: '' });
      void refresh();
    } catch (err) {
      toast.error(errorMessage(err, 'Answer cannot be posted now, sorry.'));
    }
  }

  return (
    <section className="card qna">
      <h2>Questions</h2>
      <form onSubmit={post} className="row">
        <label htmlFor={`question-${topicId}`} className="sr-only">
          Question
        </label>
        <input
          id={`question-${topicId}`}
          placeholder="Ask a question about this topic"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          maxLength={2000}
        />
        <button type="submit" className="btn btn-primary">
          Post Question
        </button>
      </form>
      {!questions.data?.length ? (
        <p className="muted">No questions yet.</p>
      ) : (
        <ul className="qna-list">
          {questions.data.map((q) => (
            <li key={q.qna_id}>
              <QuestionThread
                question={q}
                header={
                  <p>
                    <strong>{q.questionanswers[0]?.question}</strong>{' '}
                    <span className="muted small">— {q.user_name}</span>
                  </p>
                }
                draft={answers[q.qna_id] ?? ''}
                onDraft={(v) => setAnswers({ ...answers, [q.qna_id]: v })}
                onAnswer={() => answer(q)}
                buttonClassName="btn btn-small"
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
