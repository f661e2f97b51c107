import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AI_LIMITS, LEARNING_MESSAGES } from '@gia/shared';
import { api, ApiError } from '../../lib/api-client.ts';
import { Markdown } from './markdown.tsx';

/** One turn of the conversation the server keeps per learner and topic (or class). */
interface Turn {
  role: 'learner' | 'teacher';
  content: string;
  at?: string;
}

const AI = '/api/v1/classuser/data';

/**
 * A chat with the AI teacher, scoped by the server to a topic or class when given. The server
 * keeps the conversation: the request carries only the new question, and a learner who returns
 * sees the earlier turns again.
 */
export function AiChat({
  topicId,
  classId,
  title = 'Ask AI',
}: {
  topicId?: string;
  classId?: string;
  title?: string;
}) {
  const queryClient = useQueryClient();
  const scope = topicId
    ? `topic_id=${encodeURIComponent(topicId)}`
    : classId
      ? `class_id=${encodeURIComponent(classId)}`
      : '';
  const key = ['ai-conversation', scope];
  const kept = useQuery({
    queryKey: key,
    queryFn: async () =>
      (await api<{ data: Turn[] }>('GET', `${AI}/getAiConversation${scope ? `?${scope}` : ''}`))
        .data,
  });
  const history = kept.data ?? [];
  const [question, setQuestion] = useState('');
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');

  async function ask(e: FormEvent) {
    e.preventDefault();
    const text = question.trim();
    if (!text) return setError(LEARNING_MESSAGES.aiBlank);
    setLoading(true);
    setError('');
    try {
      const res = await api<{ data: { reply: string } }>('POST', `${AI}/getAiResponse`, {
        body: { messages: text, topic_id: topicId, class_id: classId },
      });
      queryClient.setQueryData<Turn[]>(key, (h = []) =>
        [
          ...h,
          { role: 'learner' as const, content: text },
          { role: 'teacher' as const, content: res.data.reply || LEARNING_MESSAGES.aiEmpty },
        ].slice(-AI_LIMITS.storedTurns),
      );
      setQuestion('');
    } catch (err) {
      // The server's message is written for the learner, also for 503 (no key) and 429 (limit).
      setError(err instanceof ApiError ? err.message : LEARNING_MESSAGES.aiFailed);
    } finally {
      setLoading(false);
    }
  }

  return (
    <div className="ai-chat">
      <div className="ai-log" aria-live="polite">
        {history.map((t, i) => (
          <div key={i} className={`ai-turn ${t.role === 'learner' ? 'user' : 'assistant'}`}>
            {t.role === 'teacher' ? <Markdown text={t.content} /> : <p>{t.content}</p>}
          </div>
        ))}
        {loading && <p className="muted">Loading...</p>}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <form onSubmit={ask} className="row">
        <label htmlFor={`ai-q-${topicId ?? classId ?? 'any'}`} className="sr-only">
          {title}
        </label>
        <input
          id={`ai-q-${topicId ?? classId ?? 'any'}`}
          placeholder="Ask a question about this topic"
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          maxLength={AI_LIMITS.maxPromptChars}
        />
        <button type="submit" className="btn btn-primary" disabled={loading}>
          Ask
        </button>
      </form>
    </div>
  );
}

/** The floating 'Ask AI' box of the topic viewer: collapsed until opened. */
export function FloatingAiChat({ topicId }: { topicId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={`ai-float ${open ? 'is-open' : ''}`}>
      <button
        type="button"
        className="btn btn-primary"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Close' : 'Ask AI'}
      </button>
      {open && (
        <div className="card ai-float-box" role="dialog" aria-label="Ask AI">
          <AiChat topicId={topicId} />
        </div>
      )}
    </div>
  );
}
