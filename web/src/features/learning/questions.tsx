import { QuestionThread } from '../../components/question-thread.tsx';
import { useState, type FormEvent } from 'react';
import { QNA_LIMITS } from '@gia/shared';
import { toast } from '../../components/toast.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { t, useT } from '../../lib/i18n.ts';
import { usePostQuestion, useQuestions } from './api/questions.ts';
import { serverText } from '../../lib/server-text.ts';

/**
 * Questions about a topic, newest first, a page at a time, with their answers (GIA School's
 * answers stand apart); a box to ask one. Learners ask; only GIA School answers.
 */
export function Questions({ topicId }: { topicId: string }) {
  useT();
  const [question, setQuestion] = useState('');
  const questions = useQuestions(topicId);
  const postQuestion = usePostQuestion(topicId);
  const list = questions.data?.pages.flatMap((p) => p.data) ?? [];
  const locked = questions.error instanceof ApiError && questions.error.status === 403;

  async function post(e: FormEvent) {
    e.preventDefault();
    if (!question.trim()) return toast.error(t('questions.empty'));
    try {
      toast.success(serverText(await postQuestion.mutateAsync(question)));
      setQuestion('');
    } catch (err) {
      toast.error(errorMessage(err, t('questions.postFailed')));
    }
  }

  if (locked) {
    return (
      <section className="card qna">
        <h2>{t('questions.title')}</h2>
        <p className="muted">{t('lesson.notEntitled')}</p>
      </section>
    );
  }
  return (
    <section className="card qna">
      <h2>{t('questions.title')}</h2>
      <form onSubmit={post} className="qna-form">
        <div className="field">
          <label htmlFor={`question-${topicId}`}>{t('questions.label')}</label>
          <textarea
            id={`question-${topicId}`}
            rows={3}
            placeholder={t('questions.placeholder')}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            maxLength={QNA_LIMITS.textChars}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={postQuestion.isPending}>
          {t('questions.post')}
        </button>
      </form>
      {questions.isError ? (
        <p role="alert">
          {t('questions.loadFailed')}{' '}
          <button type="button" className="btn btn-small" onClick={() => void questions.refetch()}>
            {t('practice.tryAgain')}
          </button>
        </p>
      ) : !list.length ? (
        <p className="muted">{questions.isLoading ? t('page.loading') : t('questions.none')}</p>
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
          {questions.isFetchingNextPage ? t('page.loading') : t('questions.more')}
        </button>
      )}
    </section>
  );
}
