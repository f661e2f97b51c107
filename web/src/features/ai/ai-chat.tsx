import { useState, type FormEvent } from 'react';
import { AI_LIMITS, type AiTurn } from '@gia/shared';
import { ApiError, apiErrorText, errorMessage } from '../../lib/api-client.ts';
import { useAiConversation, useAiStatus, useAskAi, useAskTeacher, type AskMode } from './api/ai.ts';
import { Citations } from './citations.tsx';
import { Markdown } from './markdown.tsx';
import { t, useT } from '../../lib/i18n.ts';
import { MathText } from '../../components/math/math-text.tsx';

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
  const t = useT();
  const askTeacher = useAskTeacher(topicId);
  const [error, setError] = useState('');
  async function send() {
    setError('');
    try {
      await askTeacher.mutateAsync(question);
    } catch (err) {
      setError(errorMessage(err, t('ai.sendFailed')));
    }
  }
  if (askTeacher.isSuccess) {
    // The lesson's tabs (LessonTabs) name each tab `tab-<id>`; elsewhere there is no tab to open.
    const questionsTab = document.getElementById('tab-questions');
    return (
      <div className="ai-handoff" role="status">
        <p>{t('ai.sentToTeachers')}</p>
        {questionsTab && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => {
              questionsTab.click();
              questionsTab.focus();
            }}
          >
            {t('ai.openQuestions')}
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="ai-handoff">
      <p>{t('ai.teacherCanAnswer')}</p>
      <button
        type="button"
        className="btn btn-small btn-primary"
        disabled={askTeacher.isPending}
        onClick={() => void send()}
      >
        {askTeacher.isPending ? t('ai.sending') : t('ai.askTeacher')}
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
  label,
  suggestions = [],
}: {
  topicId?: string;
  classId?: string;
  /** The visible label of the question box ("Your question" when not given). */
  label?: string;
  /** Questions offered with one click while the conversation is empty. */
  suggestions?: readonly string[];
}) {
  useT();
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
    if (!text) return setError(t('ai.blank'));
    setError('');
    try {
      await askAi.mutateAsync({ question: text, mode });
      setQuestion('');
    } catch (err) {
      // The server's message is written for the learner, also for 503 (no key) and 429 (limit).
      setError(err instanceof ApiError ? apiErrorText(err) : t('ai.failed'));
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
          {t('ai.notesModeNotice')}
        </p>
      )}
      {!history.length && suggestions.length > 0 && (
        <div className="ai-suggestions">
          <p className="ai-suggestions-title">{t('ai.tryAsking')}</p>
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
        {history.map((turn, i) =>
          turn.role === 'teacher' ? (
            <div key={i} className={`ai-turn assistant${turn.mode === 'notes' ? ' is-notes' : ''}`}>
              {turn.mode === 'notes' ? (
                <>
                  <p className="ai-notice" role="note">
                    {turn.citations?.length ? t('ai.notesOwnWords') : t('ai.notesOnly')}
                  </p>
                  <NotesReply text={turn.content} />
                </>
              ) : (
                <Markdown text={turn.content} />
              )}
              <Citations
                citations={turn.citations ?? []}
                topicId={topicId}
                quotes={turn.mode !== 'notes'}
              />
              {turn.covered === false &&
                topicId &&
                i === lastTeacher &&
                questionBefore(history, i) && (
                  <AskTeacher topicId={topicId} question={questionBefore(history, i)} />
                )}
            </div>
          ) : (
            <div key={i} className="ai-turn user">
              {turn.mode === 'hint' && <p className="ai-turn-tag">{t('ai.askedHint')}</p>}
              <p>{turn.content}</p>
            </div>
          ),
        )}
        {loading && <p className="muted">{t('page.loading')}</p>}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <form onSubmit={ask} className="ai-form">
        <div className="field">
          <label htmlFor={inputId}>{label ?? t('ai.yourQuestion')}</label>
          <textarea
            id={inputId}
            rows={2}
            placeholder={t('ai.placeholder')}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            maxLength={AI_LIMITS.maxPromptChars}
          />
        </div>
        <div className="ai-actions">
          <button type="submit" className="btn btn-primary" disabled={loading}>
            {t('ai.showAnswer')}
          </button>
          <button
            type="button"
            className="btn"
            disabled={loading}
            onClick={() => void send(question.trim(), 'hint')}
          >
            {t('ai.giveHint')}
          </button>
        </div>
        <p className="muted small ai-hint-help">{t('ai.hintHelp')}</p>
      </form>
    </div>
  );
}

/** Three questions a learner may start with, built from the topic's name. */
export const suggestedQuestions = (topicName: string) => [
  t('ai.suggestExplain', { topic: topicName }),
  t('ai.suggestExample', { topic: topicName }),
  t('ai.suggestRemember', { topic: topicName }),
];

/**
 * The AI teacher of a lesson, as the lesson player's tab shows it: a title naming the topic, a
 * line saying it keeps to the class and topic, suggested questions and the chat.
 */
export function TopicAiTeacher({ topicId, topicName }: { topicId: string; topicName: string }) {
  const t = useT();
  return (
    <section className="card ai-teacher" aria-labelledby={`ai-title-${topicId}`}>
      <h2 id={`ai-title-${topicId}`}>{t('ai.title', { topic: topicName })}</h2>
      <p className="muted">{t('ai.scope')}</p>
      <AiChat topicId={topicId} suggestions={suggestedQuestions(topicName)} />
    </section>
  );
}
