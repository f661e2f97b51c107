import type { JSX } from 'react';
import type { DIFFICULTIES } from '@gia/shared/practice.ts';
import { PRACTICE_LIMITS, type QuestionType } from '@gia/shared/practice.ts';
import type { QuestionDraft } from './api/practice.ts';

/** The question form's state: everything as the inputs hold it (text), turned into a draft on save. */
export interface QuestionFormState {
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

/** What a type's editor gets: the form's state and the way to change it. */
interface EditorProps {
  f: QuestionFormState;
  set(patch: Partial<QuestionFormState>): void;
}

/** The part of a draft that depends on the question's type: its options and its answer. */
type AnswerPart = Pick<QuestionDraft, 'options' | 'answer' | 'tolerance'>;

/** The options, each with its "right" tick: a radio for one right option, a box for several. */
function ChoiceEditor({ f, set }: EditorProps) {
  const single = f.type === 'single';
  const toggleRight = (n: string) =>
    set({
      right: single ? [n] : f.right.includes(n) ? f.right.filter((x) => x !== n) : [...f.right, n],
    });
  const remove = (i: number, n: string) =>
    set({
      options: f.options.filter((_, j) => j !== i),
      // The ticks after the removed option move up by one.
      right: f.right
        .filter((x) => x !== n)
        .map((x) => (Number(x) > i + 1 ? String(Number(x) - 1) : x)),
    });
  return (
    <fieldset className="question-options">
      <legend>Options (tick the right {single ? 'one' : 'ones'})</legend>
      {f.options.map((o, i) => {
        const n = String(i + 1);
        return (
          <div key={i} className="question-option-row">
            <input
              type={single ? 'radio' : 'checkbox'}
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
                onClick={() => remove(i, n)}
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
  );
}

/** True or false: two radios. */
function TrueFalseEditor({ f, set }: EditorProps) {
  return (
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
  );
}

/** A number and the difference from it that is still right. */
function NumericEditor({ f, set }: EditorProps) {
  return (
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
  );
}

/**
 * Each question type: its name in the Type list, the editor of its answer, and how that answer
 * goes into the draft (the server checks the draft and names what is wrong).
 */
export const QUESTION_EDITORS: Record<
  QuestionType,
  {
    label: string;
    Editor(props: EditorProps): JSX.Element;
    answerOf(f: QuestionFormState): AnswerPart;
  }
> = {
  single: {
    label: 'One right option',
    Editor: ChoiceEditor,
    answerOf: (f) => ({ options: f.options, answer: f.right[0] ?? '' }),
  },
  multiple: {
    label: 'Several right options',
    Editor: ChoiceEditor,
    answerOf: (f) => ({ options: f.options, answer: f.right }),
  },
  true_false: {
    label: 'True or false',
    Editor: TrueFalseEditor,
    answerOf: (f) => ({ options: [], answer: f.right[0] === 'true' }),
  },
  numeric: {
    label: 'A number',
    Editor: NumericEditor,
    answerOf: (f) => ({
      options: [],
      answer: f.number.trim() === '' ? Number.NaN : Number(f.number),
      tolerance: f.tolerance.trim() ? Number(f.tolerance) : 0,
    }),
  },
};
