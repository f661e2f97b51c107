import { useState } from 'react';
import { PRACTICE_LIMITS, QUESTION_CSV_HEADER } from '@gia/shared/practice.ts';
import type { AdminQuestion } from '@gia/shared/practice-answers.ts';
import { confirmDialog } from '../../components/confirm.tsx';
import { toast } from '../../components/toast.tsx';
import { useAiStatus } from '../../lib/ai-status.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { clock } from '../../lib/duration.ts';
import { AdminHeader } from './admin-header.tsx';
import {
  useDeleteQuestion,
  useDraftQuestions,
  useImportQuestions,
  useQuestionBank,
  useSaveQuestion,
} from './api/practice.ts';
import { QUESTION_EDITORS } from './question-editors.tsx';
import { QuestionForm } from './question-form.tsx';
import { useTopicPicker } from './topic-picker.tsx';

/** The CSV template: the header row and one example row. */
function templateCsv(): string {
  const example: Record<string, string> = {
    type: 'single',
    text: 'Which is a linear equation?',
    option_1: 'x^2 = 4',
    option_2: '2x + 3 = 7',
    answer: '2',
    explanation: 'Its highest power of x is one.',
    difficulty: 'easy',
    source_page: '1',
    status: 'draft',
  };
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `${QUESTION_CSV_HEADER.join(',')}\n${QUESTION_CSV_HEADER.map((h) => quote(example[h] ?? '')).join(',')}\n`;
}

/** Import a CSV file, draft with the AI, or start a question by hand. */
function BankTools(props: { topicId: string; add(): void }) {
  const importCsv = useImportQuestions(props.topicId);
  const draft = useDraftQuestions(props.topicId);
  const ai = useAiStatus();
  const [count, setCount] = useState(5);
  const [rowErrors, setRowErrors] = useState<{ field: string; message: string }[]>([]);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setRowErrors([]);
    try {
      const res = await importCsv.mutateAsync(await file.text());
      toast.success(`${res.message} (${res.data.length})`);
    } catch (err) {
      if (err instanceof ApiError && err.details?.some((d) => d.field.startsWith('row '))) {
        setRowErrors(err.details);
      }
      toast.error(errorMessage(err, 'The CSV cannot be imported now.'));
    }
  }

  async function onDraft() {
    try {
      const res = await draft.mutateAsync(count);
      toast.success(`${res.message} (${res.data.length})`);
    } catch (err) {
      toast.error(errorMessage(err, 'The AI cannot draft questions now.'));
    }
  }

  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv())}`;
  const aiOff = ai.data !== 'model';
  return (
    <section className="card bank-tools" aria-label="Add questions">
      <div className="bank-tool-row">
        <button type="button" className="btn btn-primary" onClick={props.add}>
          Add a question
        </button>
        <label className="btn">
          Import a CSV
          <input
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            disabled={importCsv.isPending}
            onChange={(e) => {
              void onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <a className="btn" href={template} download="questions-template.csv">
          CSV template
        </a>
      </div>
      <div className="bank-tool-row">
        <label htmlFor="draft-count">Questions to draft</label>
        <select
          id="draft-count"
          value={count}
          onChange={(e) => setCount(Number(e.target.value))}
          disabled={aiOff}
        >
          {Array.from({ length: PRACTICE_LIMITS.draftMax }, (_, i) => i + 1).map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>
        <button
          type="button"
          className="btn"
          disabled={aiOff || draft.isPending}
          aria-describedby={aiOff ? 'draft-off' : undefined}
          onClick={() => void onDraft()}
        >
          {draft.isPending ? 'Drafting…' : 'Draft questions from the notes'}
        </button>
      </div>
      {aiOff && (
        <p id="draft-off" className="muted small">
          Drafting needs the AI teacher, which is not configured (no OpenAI key).
        </p>
      )}
      {rowErrors.length > 0 && (
        <div role="alert" className="bank-import-errors">
          <p>Nothing was imported. Fix these rows and import the file again:</p>
          <ul>
            {rowErrors.map((e) => (
              <li key={e.field}>
                {e.field[0]!.toUpperCase() + e.field.slice(1)}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** One question of the bank with its actions. */
function BankRow(props: { q: AdminQuestion; last: boolean; topicId: string; edit(): void }) {
  const { q } = props;
  const save = useSaveQuestion(props.topicId);
  const remove = useDeleteQuestion(props.topicId);
  const run = async (what: Promise<{ message: string }>) => {
    try {
      toast.success((await what).message);
    } catch (err) {
      toast.error(errorMessage(err, 'The question cannot be changed now.'));
    }
  };
  const short = q.text.length > 60 ? `${q.text.slice(0, 57)}…` : q.text;
  return (
    <li className="card bank-row">
      <p className="bank-row-head small">
        <span className="muted">
          {q.position + 1}. {QUESTION_EDITORS[q.type].label} · {q.difficulty}
          {typeof q.video_seconds === 'number' &&
            ` · asked in the video at ${clock(q.video_seconds)}`}
        </span>
        <span className={`bank-status is-${q.status}`}>
          {q.status === 'approved' ? 'Approved' : 'Draft'}
        </span>
      </p>
      <p className="bank-text">{q.text}</p>
      <div className="admin-actions">
        <button
          type="button"
          className="btn btn-small"
          onClick={props.edit}
          aria-label={`Edit: ${short}`}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-label={`${q.status === 'approved' ? 'Back to draft' : 'Approve'}: ${short}`}
          onClick={() =>
            void run(
              save.mutateAsync({
                question_id: q.question_id,
                status: q.status === 'approved' ? 'draft' : 'approved',
              }),
            )
          }
        >
          {q.status === 'approved' ? 'Back to draft' : 'Approve'}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={q.position === 0}
          aria-label={`Move up: ${short}`}
          onClick={() =>
            void run(save.mutateAsync({ question_id: q.question_id, position: q.position - 1 }))
          }
        >
          ↑
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={props.last}
          aria-label={`Move down: ${short}`}
          onClick={() =>
            void run(save.mutateAsync({ question_id: q.question_id, position: q.position + 1 }))
          }
        >
          ↓
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-label={`Delete: ${short}`}
          onClick={async () => {
            if (await confirmDialog(`Delete “${short}”? Learners will no longer be asked it.`)) {
              await run(remove.mutateAsync(q.question_id));
            }
          }}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/** A topic's bank: the tools and the questions in order. */
function Bank({ topicId }: { topicId: string }) {
  const bank = useQuestionBank(topicId);
  const [editing, setEditing] = useState<AdminQuestion | 'new' | null>(null);
  const questions = bank.data ?? [];
  const approved = questions.filter((q) => q.status === 'approved').length;
  return (
    <>
      <BankTools topicId={topicId} add={() => setEditing('new')} />
      {bank.isPending ? (
        <p className="muted">Loading the questions…</p>
      ) : bank.isError ? (
        <p role="alert">{errorMessage(bank.error, 'We couldn’t load the questions.')}</p>
      ) : (
        <>
          <p className="muted" role="status">
            {questions.length} {questions.length === 1 ? 'question' : 'questions'}, {approved}{' '}
            approved (learners get only approved questions).
          </p>
          <ol className="bank-list">
            {questions.map((q, i) => (
              <BankRow
                key={q.question_id}
                q={q}
                last={i === questions.length - 1}
                topicId={topicId}
                edit={() => setEditing(q)}
              />
            ))}
          </ol>
        </>
      )}
      {editing && (
        <QuestionForm
          topicId={topicId}
          question={editing === 'new' ? undefined : editing}
          close={() => setEditing(null)}
        />
      )}
    </>
  );
}

/**
 * `/TopicQuestions`: a topic's practice questions (issue 17). Pick a topic (`?topic=`), add,
 * edit, approve, reorder and delete its questions, import a CSV, or draft them with the AI.
 */
export function QuestionBankPage() {
  const { topicId, picker } = useTopicPicker('bank-topic');
  return (
    <>
      <AdminHeader />
      <main className="admin-main question-bank">
        <h1>Practice questions</h1>
        {picker}
        {topicId ? (
          <Bank key={topicId} topicId={topicId} />
        ) : (
          <p className="muted">Choose a topic to see its questions.</p>
        )}
      </main>
    </>
  );
}
