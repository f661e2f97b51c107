import { QuestionThread } from '../../components/question-thread.tsx';
import { useState, type FormEvent } from 'react';
import { LEARNING_MESSAGES as M, QNA_LIMITS } from '@gia/shared';
import { toast } from '../../components/toast.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { usePostQuestion, useQuestions } from './api/questions.ts';

/**
 * Questions about a topic, newest first, a page at a time, with their answers (GIA School's
 * answers stand apart); a box to ask one. Learners ask; only GIA School answers.
 */
export function Questions({ topicId }: { topicId: string }) {
  const [question, setQuestion] = useState('');
  const questions = useQuestions(topicId);
  const postQuestion = usePostQuestion(topicId);
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
      <form onSubmit={post} className="qna-form">
        <div className="field">
          <label htmlFor={`question-${topicId}`}>Question</label>
          <textarea
            id={`question-${topicId}`}
            rows={3}
            placeholder="Ask a question about this topic"
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            maxLength={QNA_LIMITS.textChars}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={postQuestion.isPending}>
          Post Question
        </button>
      </form>
      {questions.isError ? (
        <p role="alert">
          We couldn&apos;t load the questions.{' '}
          <button type="button" className="btn btn-small" onClick={() => void questions.refetch()}>
            Try again
          </button>
        </p>
      ) : !list.length ? (
        <p className="muted">{questions.isLoading ? 'Loading...' : 'No questions yet.'}</p>
      ) : (
        <ul className="qna-list">
          {list.map((q) => (
            <li key={q.qna_id}>
              <QuestionThread
                question={q}
                header={
                  <p className="qna-question">
                    <strong>{q.questionanswers[0]?.question}</strong>{' '}
                    <span className="muted small">— {q.user_name}</span>
                  </p>
                }
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
