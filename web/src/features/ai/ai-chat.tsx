import { useState, type FormEvent } from 'react';
import { AI_LIMITS, LEARNING_MESSAGES } from '@gia/shared';
import { ApiError } from '../../lib/api-client.ts';
import { useAiConversation, useAskAi } from './api/ai.ts';
import { Markdown } from './markdown.tsx';

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
  const kept = useAiConversation({ topicId, classId });
  const askAi = useAskAi({ topicId, classId });
  const history = kept.data ?? [];
  const [question, setQuestion] = useState('');
  const [error, setError] = useState('');
  const loading = askAi.isPending;

  async function ask(e: FormEvent) {
    e.preventDefault();
    const text = question.trim();
    if (!text) return setError(LEARNING_MESSAGES.aiBlank);
    setError('');
    try {
      await askAi.mutateAsync(text);
      setQuestion('');
    } catch (err) {
      // The server's message is written for the learner, also for 503 (no key) and 429 (limit).
      setError(err instanceof ApiError ? err.message : LEARNING_MESSAGES.aiFailed);
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
