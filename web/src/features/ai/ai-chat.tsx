import { useState, type FormEvent } from 'react';
import { AI_LIMITS, LEARNING_MESSAGES, type AiTurn } from '@gia/shared';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useAiConversation, useAiStatus, useAskAi, useAskTeacher, type AskMode } from './api/ai.ts';
import { Citations } from './citations.tsx';
import { Markdown } from './markdown.tsx';
import { MathText } from '../../components/math/math-text.tsx';

/** What the learner is told once a question went to the teachers. */
export const SENT_TO_TEACHERS = "Sent to your teachers — you'll see the answer under Questions.";

/** In a notes-mode answer that quotes the notes: whose words these are, and why. */
export const NOTES_OWN_WORDS =
  "These are your notes' own words — the AI teacher is not available right now.";
/** In a notes-mode answer that quotes nothing (not covered, or refused). */
export const NOTES_ONLY = 'The AI teacher is not available right now: only your notes can answer.';
/** Above the chat while the AI model is not configured. */
export const NOTES_MODE_NOTICE =
  "The AI teacher is not available right now, so answers quote your notes' own words.";

/**
 * A notes-mode reply: its lead-in as a line, each quoted passage (a paragraph in quotation
 * marks) as a block quote. Plain text: the notes' words are shown as written, never as Markdown.
 */
function NotesReply({ text }: { text: string }) {
  return (
    <div className="ai-notes-reply">
      {text.split(/\n{2,}/).map((part, i) => {
        const quoted = /^\u201c([\s\S]*)\u201d$/.exec(part);
        return quoted ? (
          <blockquote key={i} className="ai-notes-quote">
            <MathText text={quoted[1]!} />
          </blockquote>
        ) : (
          <p key={i}>
            <MathText text={part} />
          </p>
        );
      })}
    </div>
  );
}

/**
 * "Ask a teacher" under an answer the topic's notes do not cover: posts the learner's question on
 * the topic's Q&A (the server attaches the AI's answer as a draft for staff), then confirms and
 * leads to the lesson's Questions tab.
 */
function AskTeacher({ topicId, question }: { topicId: string; question: string }) {
  const askTeacher = useAskTeacher(topicId);
  const [error, setError] = useState('');
  async function send() {
    setError('');
    try {
      await askTeacher.mutateAsync(question);
    } catch (err) {
      setError(errorMessage(err, 'Your question could not be sent now. Please try again.'));
    }
  }
  if (askTeacher.isSuccess) {
    // The lesson's tabs (LessonTabs) name each tab `tab-<id>`; elsewhere there is no tab to open.
    const questionsTab = document.getElementById('tab-questions');
    return (
      <div className="ai-handoff" role="status">
        <p>{SENT_TO_TEACHERS}</p>
        {questionsTab && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              questionsTab.click();
              questionsTab.focus();
            }}
          >
            Open Questions
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="ai-handoff">
      <p>A teacher can answer this for you.</p>
      <button
        type="button"
        className="btn btn-small btn-primary"
        disabled={askTeacher.isPending}
        onClick={() => void send()}
      >
        {askTeacher.isPending ? 'Sending...' : 'Ask a teacher'}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The learner's question a teacher's turn answered: the learner's turn just before it. */
const questionBefore = (turns: readonly AiTurn[], at: number) => {
  for (let i = at - 1; i >= 0; i--) if (turns[i]?.role === 'learner') return turns[i]!.content;
  return '';
};

/**
 * A chat with the AI teacher, scoped by the server to a topic or class when given. The server
 * keeps the conversation: the request carries only the new question, and a learner who returns
 * sees the earlier turns again. Without the AI model (notes mode) it is offered all the same: a
 * neutral notice says so up front, and each notes answer says its words are the notes' own.
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

  const lastTeacher = history.findLastIndex((t) => t.role === 'teacher');

  async function send(text: string, mode: AskMode = 'answer') {
    if (!text) return setError(LEARNING_MESSAGES.aiBlank);
    setError('');
    try {
      await askAi.mutateAsync({ question: text, mode });
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

  return (
    <div className="ai-chat">
      {status.data === 'notes' && (
        <p className="ai-notice" role="note">
          {NOTES_MODE_NOTICE}
        </p>
      )}
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
        {history.map((t, i) =>
          t.role === 'teacher' ? (
            <div key={i} className={`ai-turn assistant${t.mode === 'notes' ? ' is-notes' : ''}`}>
              {t.mode === 'notes' ? (
                <>
                  <p className="ai-notice" role="note">
                    {t.citations?.length ? NOTES_OWN_WORDS : NOTES_ONLY}
                  </p>
                  <NotesReply text={t.content} />
                </>
              ) : (
                <Markdown text={t.content} />
              )}
              <Citations
                citations={t.citations ?? []}
                topicId={topicId}
                quotes={t.mode !== 'notes'}
              />
              {t.covered === false &&
                topicId &&
                i === lastTeacher &&
                questionBefore(history, i) && (
                  <AskTeacher topicId={topicId} question={questionBefore(history, i)} />
                )}
            </div>
          ) : (
            <div key={i} className="ai-turn user">
              {t.mode === 'hint' && <p className="ai-turn-tag">Asked for a hint</p>}
              <p>{t.content}</p>
            </div>
          ),
        )}
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
        <div className="ai-actions">
          <button type="submit" className="btn btn-primary" disabled={loading}>
            Show the answer
          </button>
          <button
            type="button"
            className="btn"
            disabled={loading}
            onClick={() => void send(question.trim(), 'hint')}
          >
            Give me a hint
          </button>
        </div>
        <p className="muted small ai-hint-help">
          A hint asks you a guiding question or gives only the next step; ask again for the next.
        </p>
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
