import { useState, type FormEvent } from 'react';
import { AI_LIMITS, LEARNING_MESSAGES } from '@gia/shared';
import { ApiError } from '../../lib/api-client.ts';
import { useAiConversation, useAiStatus, useAskAi } from './api/ai.ts';
import { Markdown } from './markdown.tsx';

/**
 * A chat with the AI teacher, scoped by the server to a topic or class when given. The server
 * keeps the conversation: the request carries only the new question, and a learner who returns
 * sees the earlier turns again. When the teacher is not configured it says so up front instead of
 * offering a box whose every question would fail.
 */
export function AiChat({
  topicId,
  classId,
  label = 'Your question',
  suggestions = [],
}: {
  topicId?: string;
  classId?: string;
  /** The visible label of the question box. */
  label?: string;
  /** Questions offered with one click while the conversation is empty. */
  suggestions?: readonly string[];
}) {
  const status = useAiStatus();
  const kept = useAiConversation({ topicId, classId });
  const askAi = useAskAi({ topicId, classId });
  const history = kept.data ?? [];
  const [question, setQuestion] = useState('');
  const [error, setError] = useState('');
  const loading = askAi.isPending;
  const inputId = `ai-q-${topicId ?? classId ?? 'any'}`;

  async function send(text: string) {
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
  function ask(e: FormEvent) {
    e.preventDefault();
    void send(question.trim());
  }

  if (status.data === false || status.isError) {
    return <p className="notice ai-off">{LEARNING_MESSAGES.aiUnavailable}</p>;
  }
  return (
    <div className="ai-chat">
      {!history.length && suggestions.length > 0 && (
        <div className="ai-suggestions">
          <p className="ai-suggestions-title">Try asking</p>
          <ul>
            {suggestions.map((s) => (
              <li key={s}>
                <button
                  type="button"
                  className="btn btn-small ai-suggestion"
                  disabled={loading}
                  onClick={() => void send(s)}
                >
                  {s}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
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
      <form onSubmit={ask} className="ai-form">
        <div className="field">
          <label htmlFor={inputId}>{label}</label>
          <textarea
            id={inputId}
            rows={2}
            placeholder="Ask a question about this topic"
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            maxLength={AI_LIMITS.maxPromptChars}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={loading}>
          Ask
        </button>
      </form>
    </div>
  );
}

/** Three questions a learner may start with, built from the topic's name. */
export const suggestedQuestions = (topicName: string) => [
  `Explain ${topicName} in simple words.`,
  `Give me an example of ${topicName}.`,
  `What should I remember about ${topicName}?`,
];

/**
 * The AI teacher of a lesson, as the lesson player's tab shows it: a title naming the topic, a
 * line saying it keeps to the class and topic, suggested questions and the chat.
 */
export function TopicAiTeacher({ topicId, topicName }: { topicId: string; topicName: string }) {
  return (
    <section className="card ai-teacher" aria-labelledby={`ai-title-${topicId}`}>
      <h2 id={`ai-title-${topicId}`}>Ask the AI teacher about {topicName}</h2>
      <p className="muted">It answers questions about this class and topic only.</p>
      <AiChat topicId={topicId} suggestions={suggestedQuestions(topicName)} />
    </section>
  );
}
