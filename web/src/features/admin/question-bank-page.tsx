import { useState, type FormEvent } from 'react';
import {
  DIFFICULTIES,
  PRACTICE_LIMITS,
  QUESTION_CSV_HEADER,
  QUESTION_TYPES,
  type QuestionType,
} from '@gia/shared/practice.ts';
import type { AdminQuestion } from '@gia/shared/practice-answers.ts';
import { confirmDialog } from '../../components/confirm.tsx';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { toast } from '../../components/toast.tsx';
import { UPLOAD_FAILED } from '@gia/shared/uploads.ts';
import { useAiStatus } from '../../lib/ai-status.ts';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { clock } from '../../lib/duration.ts';
import { uploadFile } from '../../lib/upload.ts';
import { AdminHeader } from './admin-header.tsx';
import {
  useDeleteQuestion,
  useDraftQuestions,
  useImportQuestions,
  useQuestionBank,
  useSaveQuestion,
  type QuestionDraft,
} from './api/practice.ts';
import { useTopicPicker } from './topic-picker.tsx';

const TYPE_LABEL: Record<QuestionType, string> = {
  single: 'One right option',
  multiple: 'Several right options',
  true_false: 'True or false',
  numeric: 'A number',
};

/** The form's state: everything as the inputs hold it (text), turned into a draft on save. */
interface FormState {
  type: QuestionType;
  text: string;
  options: string[];
  /** Option numbers ("1"…) of the right options; "true"/"false"; or the number typed. */
  right: string[];
  number: string;
  tolerance: string;
  explanation: string;
  difficulty: (typeof DIFFICULTIES)[number];
  sourceKind: 'none' | 'notes' | 'video';
  sourceAt: string;
  pin: string;
  approved: boolean;
  image: string;
}

function formOf(q?: AdminQuestion): FormState {
  const a = q?.answer;
  return {
    type: q?.type ?? 'single',
    text: q?.text ?? '',
    options: q?.options?.map((o) => o.text) ?? ['', ''],
    right: Array.isArray(a)
      ? a
      : typeof a === 'string'
        ? [a]
        : typeof a === 'boolean'
          ? [String(a)]
          : [],
    number: typeof a === 'number' ? String(a) : '',
    tolerance: q?.tolerance ? String(q.tolerance) : '',
    explanation: q?.explanation ?? '',
    difficulty: q?.difficulty ?? 'medium',
    sourceKind: q?.source?.kind ?? 'none',
    sourceAt: q?.source ? String(q.source.kind === 'notes' ? q.source.page : q.source.seconds) : '',
    pin: typeof q?.video_seconds === 'number' ? String(q.video_seconds) : '',
    approved: q?.status === 'approved',
    image: q?.image_url ?? '',
  };
}

/** The draft the API takes; the server checks it and names what is wrong. */
function draftOf(f: FormState): QuestionDraft {
  const choice = f.type === 'single' || f.type === 'multiple';
  const at = Number(f.sourceAt);
  return {
    type: f.type,
    text: f.text,
    ...(choice ? { options: f.options } : { options: [] }),
    answer:
      f.type === 'single'
        ? (f.right[0] ?? '')
        : f.type === 'multiple'
          ? f.right
          : f.type === 'true_false'
            ? f.right[0] === 'true'
            : f.number.trim() === ''
              ? Number.NaN
              : Number(f.number),
    ...(f.type === 'numeric' ? { tolerance: f.tolerance.trim() ? Number(f.tolerance) : 0 } : {}),
    explanation: f.explanation,
    difficulty: f.difficulty,
    source:
      f.sourceKind === 'notes'
        ? { kind: 'notes', page: at }
        : f.sourceKind === 'video'
          ? { kind: 'video', seconds: at }
          : null,
    video_seconds: f.pin.trim() ? Number(f.pin) : null,
    image_url: f.image || null,
    status: f.approved ? 'approved' : 'draft',
  };
}

/** Adding or changing one question, in a dialog. */
function QuestionForm(props: { topicId: string; question?: AdminQuestion; close(): void }) {
  const [f, setF] = useState(() => formOf(props.question));
  const save = useSaveQuestion(props.topicId);
  const [uploading, setUploading] = useState<number | null>(null);
  const set = (patch: Partial<FormState>) => setF((old) => ({ ...old, ...patch }));

  async function onImage(file: File | undefined) {
    if (!file) return;
    setUploading(0);
    try {
      set({ image: await uploadFile('image', file, setUploading) });
    } catch (err) {
      toast.error(errorMessage(err, UPLOAD_FAILED));
    } finally {
      setUploading(null);
    }
  }
  const choice = f.type === 'single' || f.type === 'multiple';

  async function submit(e: FormEvent) {
    e.preventDefault();
    try {
      const draft = draftOf(f);
      const res = await save.mutateAsync(
        props.question ? { ...draft, question_id: props.question.question_id } : draft,
      );
      toast.success(res.message);
      props.close();
    } catch (err) {
      toast.error(errorMessage(err, 'The question cannot be saved now.'));
    }
  }

  const toggleRight = (n: string) =>
    set({
      right:
        f.type === 'single'
          ? [n]
          : f.right.includes(n)
            ? f.right.filter((x) => x !== n)
            : [...f.right, n],
    });

  return (
    <Modal
      label={props.question ? 'Edit the question' : 'Add a question'}
      className="question-dialog"
    >
      <form onSubmit={submit}>
        <h2>{props.question ? 'Edit the question' : 'Add a question'}</h2>
        <div className="field">
          <label htmlFor="q-type">Type</label>
          <select
            id="q-type"
            value={f.type}
            onChange={(e) => set({ type: e.target.value as QuestionType, right: [] })}
          >
            {QUESTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABEL[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="q-text">Question</label>
          <textarea
            id="q-text"
            rows={3}
            value={f.text}
            maxLength={PRACTICE_LIMITS.textChars}
            onChange={(e) => set({ text: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor="q-image">Image (optional)</label>
          <input
            id="q-image"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(e) => void onImage(e.target.files?.[0])}
          />
          {uploading !== null && (
            <progress value={uploading} max={1} aria-label="Image upload progress" />
          )}
          {f.image && (
            <span className="question-image">
              <img src={f.image} alt="The question's image" width={96} height={54} />
              <button type="button" className="btn btn-small" onClick={() => set({ image: '' })}>
                Remove the image
              </button>
            </span>
          )}
        </div>
        {choice && (
          <fieldset className="question-options">
            <legend>Options (tick the right {f.type === 'single' ? 'one' : 'ones'})</legend>
            {f.options.map((o, i) => {
              const n = String(i + 1);
              return (
                <div key={i} className="question-option-row">
                  <input
                    type={f.type === 'single' ? 'radio' : 'checkbox'}
                    name="q-right"
                    aria-label={`Option ${n} is right`}
                    checked={f.right.includes(n)}
                    onChange={() => toggleRight(n)}
                  />
                  <input
                    type="text"
                    aria-label={`Option ${n}`}
                    value={o}
                    maxLength={PRACTICE_LIMITS.optionChars}
                    onChange={(e) =>
                      set({ options: f.options.map((x, j) => (j === i ? e.target.value : x)) })
                    }
                  />
                  {f.options.length > PRACTICE_LIMITS.optionsMin && (
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={`Remove option ${n}`}
                      onClick={() =>
                        set({
                          options: f.options.filter((_, j) => j !== i),
                          right: f.right
                            .filter((x) => x !== n)
                            .map((x) => (Number(x) > i + 1 ? String(Number(x) - 1) : x)),
                        })
                      }
                    >
                      ×
                    </button>
                  )}
                </div>
              );
            })}
            {f.options.length < PRACTICE_LIMITS.optionsMax && (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => set({ options: [...f.options, ''] })}
              >
                Add an option
              </button>
            )}
          </fieldset>
        )}
        {f.type === 'true_false' && (
          <fieldset className="question-options">
            <legend>The right answer</legend>
            {['true', 'false'].map((v) => (
              <label key={v} className="question-inline">
                <input
                  type="radio"
                  name="q-tf"
                  checked={f.right[0] === v}
                  onChange={() => set({ right: [v] })}
                />{' '}
                {v === 'true' ? 'True' : 'False'}
              </label>
            ))}
          </fieldset>
        )}
        {f.type === 'numeric' && (
          <div className="question-pair">
            <div className="field">
              <label htmlFor="q-number">The right answer</label>
              <input
                id="q-number"
                inputMode="decimal"
                value={f.number}
                onChange={(e) => set({ number: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor="q-tolerance">Allowed difference</label>
              <input
                id="q-tolerance"
                inputMode="decimal"
                value={f.tolerance}
                placeholder="0"
                onChange={(e) => set({ tolerance: e.target.value })}
              />
            </div>
          </div>
        )}
        <div className="field">
          <label htmlFor="q-explanation">Explanation (shown after the answer)</label>
          <textarea
            id="q-explanation"
            rows={2}
            value={f.explanation}
            maxLength={PRACTICE_LIMITS.explanationChars}
            onChange={(e) => set({ explanation: e.target.value })}
          />
        </div>
        <div className="question-pair">
          <div className="field">
            <label htmlFor="q-difficulty">Difficulty</label>
            <select
              id="q-difficulty"
              value={f.difficulty}
              onChange={(e) => set({ difficulty: e.target.value as FormState['difficulty'] })}
            >
              {DIFFICULTIES.map((d) => (
                <option key={d} value={d}>
                  {d[0]!.toUpperCase() + d.slice(1)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="q-source">Where it is taught</label>
            <select
              id="q-source"
              value={f.sourceKind}
              onChange={(e) => set({ sourceKind: e.target.value as FormState['sourceKind'] })}
            >
              <option value="none">Not given</option>
              <option value="notes">A page of the notes</option>
              <option value="video">A moment of the video</option>
            </select>
          </div>
        </div>
        <div className="question-pair">
          {f.sourceKind !== 'none' && (
            <div className="field">
              <label htmlFor="q-source-at">
                {f.sourceKind === 'notes' ? 'Notes page' : 'Video second'}
              </label>
              <input
                id="q-source-at"
                inputMode="numeric"
                value={f.sourceAt}
                onChange={(e) => set({ sourceAt: e.target.value })}
              />
            </div>
          )}
          <div className="field">
            <label htmlFor="q-pin">Ask it in the video at second (optional)</label>
            <input
              id="q-pin"
              inputMode="numeric"
              value={f.pin}
              onChange={(e) => set({ pin: e.target.value })}
            />
          </div>
        </div>
        <label className="question-inline">
          <input
            type="checkbox"
            checked={f.approved}
            onChange={(e) => set({ approved: e.target.checked })}
          />{' '}
          Approved: learners get it
        </label>
        <ModalActions
          primary="Save"
          busy={save.isPending}
          secondary="Cancel"
          onSecondary={props.close}
        />
      </form>
    </Modal>
  );
}

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
  const aiOff = ai.data !== true;
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
          {q.position + 1}. {TYPE_LABEL[q.type]} · {q.difficulty}
          {typeof q.video_seconds === 'number' &&
            ` · asked in the video at ${clock(q.video_seconds)}`}
        </span>
        <span className={`bank-status is-${q.status}`}>
          {q.status === 'approved' ? 'Approved' : 'Draft'}
        </span>
      </p>
      <p className="bank-text">{q.text}</p>
      <div className="bank-actions">
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
