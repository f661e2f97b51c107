import { MathText, useUnreadableMath } from '../../components/math/math-text.tsx';
import type { QuestionFormState } from './question-editors.tsx';

/**
 * The question as learners will read it, maths rendered (`$…$`, `$$…$$`): the text, the options
 * of a choice question and the explanation. Bad TeX shows as its source, with a note saying so.
 */
export function QuestionPreview({ f }: { f: QuestionFormState }) {
  const options = f.type === 'single' || f.type === 'multiple' ? f.options.filter(Boolean) : [];
  const unreadable = useUnreadableMath([f.text, ...options, f.explanation]);
  if (!f.text.trim() && !options.length && !f.explanation.trim()) return null;
  return (
    <section className="question-preview" aria-labelledby="q-preview-title">
      <h3 id="q-preview-title">Preview</h3>
      {unreadable && (
        <p className="question-preview-warning" role="status">
          This maths could not be read; learners will see the source.
        </p>
      )}
      {f.text.trim() && (
        <p>
          <MathText text={f.text} />
        </p>
      )}
      {options.length > 0 && (
        <ol>
          {options.map((o, i) => (
            <li key={i}>
              <MathText text={o} />
            </li>
          ))}
        </ol>
      )}
      {f.explanation.trim() && (
        <p className="muted">
          <MathText text={f.explanation} />
        </p>
      )}
    </section>
  );
}
