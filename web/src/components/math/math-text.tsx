import { Fragment, useMemo } from 'react';
import { useTexRenderer, type TexRenderer } from './load-math.ts';
import { splitMath, type MathRun } from './split-math.ts';

type TexRun = Extract<MathRun, { kind: 'tex' }>;

/**
 * The runs as the line may break them: spaces, and "words" of text and inline TeX with no space
 * between them (such as `($x$)`), which stay on one line, so a bracket never parts from its
 * formula. Display maths is a word of its own.
 */
function wordsOf(runs: MathRun[]): (string | MathRun[])[] {
  const out: (string | MathRun[])[] = [];
  let word: MathRun[] = [];
  const close = () => {
    if (word.length) out.push(word);
    word = [];
  };
  for (const run of runs) {
    if (run.kind === 'tex' && run.display) {
      close();
      out.push([run]);
    } else if (run.kind === 'tex') word.push(run);
    else {
      run.text.split(/(\s+)/).forEach((part, i) => {
        if (i % 2) {
          close();
          out.push(part);
        } else if (part) word.push({ kind: 'text', text: part });
      });
    }
  }
  close();
  return out;
}

/** One TeX run: MathML once the renderer is here; its source before that, or if it is bad TeX. */
function Tex({ run, render }: { run: TexRun; render: TexRenderer }) {
  const markup = useMemo(() => render(run.tex, run.display), [render, run]);
  if (markup === null) return <code className="math-error">{run.source}</code>;
  return (
    <span
      className={run.display ? 'math-display' : 'math-inline'}
      // Temml's markup: the input escaped, no \href/\class/\style (see tex-to-mathml.ts).
      dangerouslySetInnerHTML={{ __html: markup }}
    />
  );
}

/**
 * Text that may hold TeX between `$…$` or `$$…$$` (split-math.ts), with the maths as MathML
 * (read by screen readers). The words show at once; the maths renderer is fetched only when the
 * text holds maths, and until it arrives the TeX shows as written.
 */
export function MathText({ text }: { text: string }) {
  const runs = useMemo(() => splitMath(text), [text]);
  const hasTex = runs.some((r) => r.kind === 'tex');
  const render = useTexRenderer(hasTex);
  if (!hasTex) return <>{runs.map((r) => (r.kind === 'text' ? r.text : '')).join('')}</>;
  const piece = (run: MathRun, key: number) =>
    run.kind === 'text' ? (
      run.text
    ) : render ? (
      <Tex key={key} run={run} render={render} />
    ) : (
      <span key={key} className="math-pending">
        {run.source}
      </span>
    );
  return (
    <>
      {wordsOf(runs).map((word, i) =>
        typeof word === 'string' ? (
          word
        ) : word.length > 1 ? (
          <span key={i} className="math-word">
            {word.map(piece)}
          </span>
        ) : (
          <Fragment key={i}>{piece(word[0]!, 0)}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * Whether some TeX in the texts cannot be read (so learners would see its source): false while
 * there is none, and until the renderer has loaded.
 */
export function useUnreadableMath(texts: readonly string[]): boolean {
  // Keyed by the texts themselves, not by the array (a new one on every render).
  const key = texts.join('\u0000');
  const runs = useMemo(
    () =>
      key
        .split('\u0000')
        .flatMap(splitMath)
        .filter((r) => r.kind === 'tex'),
    [key],
  );
  const render = useTexRenderer(runs.length > 0);
  return useMemo(
    () => Boolean(render) && runs.some((r) => render!(r.tex, r.display) === null),
    [render, runs],
  );
}
