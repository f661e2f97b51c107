import { useState, type FormEvent } from 'react';
import {
  DIFFICULTIES,
  PRACTICE_LIMITS,
  QUESTION_TYPES,
  type QuestionType,
} from '@gia/shared/practice.ts';
import type { AdminQuestion } from '@gia/shared/practice-answers.ts';
import { UPLOAD_FAILED } from '@gia/shared/uploads.ts';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { uploadFile } from '../../lib/upload.ts';
import { useSaveQuestion, type QuestionDraft } from './api/practice.ts';
import { QUESTION_EDITORS, type QuestionFormState } from './question-editors.tsx';
import { QuestionPreview } from './question-preview.tsx';

/** The form's state for a question being changed, or for a new one. */
function formOf(q?: AdminQuestion): QuestionFormState {
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
function draftOf(f: QuestionFormState): QuestionDraft {
  const at = Number(f.sourceAt);
  return {
    type: f.type,
    text: f.text,
    ...QUESTION_EDITORS[f.type].answerOf(f),
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
export function QuestionForm(props: { topicId: string; question?: AdminQuestion; close(): void }) {
  const [f, setF] = useState(() => formOf(props.question));
  const save = useSaveQuestion(props.topicId);
  const [uploading, setUploading] = useState<number | null>(null);
  const set = (patch: Partial<QuestionFormState>) => setF((old) => ({ ...old, ...patch }));

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

  const { Editor } = QUESTION_EDITORS[f.type];

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
                {QUESTION_EDITORS[t].label}
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
        <Editor f={f} set={set} />
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
        <QuestionPreview f={f} />
        <div className="question-pair">
          <div className="field">
            <label htmlFor="q-difficulty">Difficulty</label>
            <select
              id="q-difficulty"
              value={f.difficulty}
              onChange={(e) =>
                set({ difficulty: e.target.value as QuestionFormState['difficulty'] })
              }
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
              onChange={(e) =>
                set({ sourceKind: e.target.value as QuestionFormState['sourceKind'] })
              }
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
