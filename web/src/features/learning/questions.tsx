import { QuestionThread } from '../../components/question-thread.tsx';
import { useState, type FormEvent } from 'react';
import { LEARNING_MESSAGES as M, QNA_LIMITS, type PublicQuestion } from '@gia/shared';
import { toast } from '../../components/toast.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useAnswerQuestion, usePostQuestion, useQuestions } from './api/questions.ts';

/** Questions about a topic, newest first, a page at a time, with answers and a box to answer. */
export function Questions({ topicId }: { topicId: string }) {
  const [question, setQuestion] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const questions = useQuestions(topicId);
  const postQuestion = usePostQuestion(topicId);
  const answerQuestion = useAnswerQuestion(topicId);
  const list = questions.data?.pages.flatMap((p) => p.data) ?? [];
  const locked = questions.error instanceof ApiError && questions.error.status === 403;

  async function post(e: FormEvent) {
    e.preventDefault();
    if (!question.trim()) return toast.error(M.questionEmpty);
    try {
      toast.success((await postQuestion.mutateAsync(question)).message);
      setQuestion('');
    } catch (err) {
      toast.error(errorMessage(err, 'Question cannot be posted now, sorry.'));
    }
  }

  async function answer(q: PublicQuestion) {
    const text = (answers[q.qna_id] ?? '').trim();
    if (!text) return toast.error(M.answerEmpty);
    try {
      toast.success((await answerQuestion.mutateAsync({ qna_id: q.qna_id, answer: text })).message);
      setAnswers({ ...answers, [q.qna_id]: '' });
    } catch (err) {
      toast.error(errorMessage(err, 'Answer cannot be posted now, sorry.'));
    }
  }

  if (locked) {
    return (
      <section className="card qna">
        <h2>Questions</h2>
        <p className="muted">{M.notEntitled}</p>
      </section>
    );
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
          maxLength={QNA_LIMITS.textChars}
        />
        <button type="submit" className="btn btn-primary">
          Post Question
        </button>
      </form>
      {!list.length ? (
        <p className="muted">{questions.isLoading ? 'Loading...' : 'No questions yet.'}</p>
      ) : (
        <ul className="qna-list">
          {list.map((q) => (
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
      {questions.hasNextPage && (
        <button
          type="button"
          className="btn btn-small"
          disabled={questions.isFetchingNextPage}
          onClick={() => void questions.fetchNextPage()}
        >
          {questions.isFetchingNextPage ? 'Loading...' : 'More questions'}
        </button>
      )}
    </section>
  );
}
