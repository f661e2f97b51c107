import { Fragment, useMemo, type ReactNode } from 'react';
import { useTexRenderer, type TexRenderer } from './load-math.ts';
import { splitMath, type MathRun } from './split-math.ts';

const asText = (text: string): ReactNode => text;

/** One TeX run: MathML once the renderer is here; its source before that, or if it is bad TeX. */
function Tex({ run, render }: { run: Extract<MathRun, { kind: 'tex' }>; render: TexRenderer }) {
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
 * text holds maths, and until it arrives the TeX shows as written. `plain` renders the words
 * (e.g. the AI answers' Markdown emphasis); by default they are plain text.
 */
export function MathText(props: { text: string; plain?: (text: string) => ReactNode }) {
  const { text, plain = asText } = props;
  const runs = useMemo(() => splitMath(text), [text]);
  const render = useTexRenderer(runs.some((r) => r.kind === 'tex'));
  return (
    <>
      {runs.map((run, i) => (
        <Fragment key={i}>
          {run.kind === 'text' ? (
            plain(run.text)
          ) : render ? (
            <Tex run={run} render={render} />
          ) : (
            <span className="math-pending">{run.source}</span>
          )}
        </Fragment>
      ))}
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
