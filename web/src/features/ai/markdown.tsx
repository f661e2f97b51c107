import { Fragment, type ReactNode } from 'react';
import { MathText } from '../../components/math/math-text.tsx';
import { splitMath } from '../../components/math/split-math.ts';

/** Marks where a formula stood while emphasis is found (so a `*` inside TeX is not emphasis). */
const FORMULA = /\uE000(\d+)\uE001/g;

/** The words of a line: **bold** and *italic* around them, maths (MathML) inside them. */
function words(text: string): ReactNode[] {
  const formulas: string[] = [];
  const marked = splitMath(text)
    .map((r) =>
      r.kind === 'tex'
        ? `\uE000${formulas.push(r.source) - 1}\uE001`
        : r.text.replaceAll('$', '\\$'),
    )
    .join('');
  const words = (s: string, key: number) => (
    <MathText key={key} text={s.replace(FORMULA, (_, n: string) => formulas[Number(n)]!)} />
  );
  const out: ReactNode[] = [];
  const re = /(\*\*[^*]+\*\*|\*[^*]+\*)/g;
  let last = 0;
  for (const m of marked.matchAll(re)) {
    if (m.index > last) out.push(words(marked.slice(last, m.index), last));
    const t = m[0];
    if (t.startsWith('**')) out.push(<strong key={m.index}>{words(t.slice(2, -2), 0)}</strong>);
    else out.push(<em key={m.index}>{words(t.slice(1, -1), 0)}</em>);
    last = m.index + t.length;
  }
  if (last < marked.length) out.push(words(marked.slice(last), last));
  return out;
}

/** A line: its code spans as written, its words with emphasis and maths. */
function inline(text: string): ReactNode[] {
  return text
    .split(/(`[^`]+`)/)
    .map((part, i) =>
      i % 2 ? <code key={i}>{part.slice(1, -1)}</code> : <Fragment key={i}>{words(part)}</Fragment>,
    );
}

/** A block that is one display formula (`$$…$$`, which may span lines). */
const DISPLAY_MATH = /^\s*\$\$[^$]+\$\$\s*$/;

/**
 * A small, safe Markdown renderer for the AI teacher's replies: paragraphs, lists, **bold**,
 * *italic*, `code` and TeX maths (`$…$`, `$$…$$`, as MathML). It builds React elements (never
 * HTML strings from the reply), so nothing in a reply can run as script.
 */
export function Markdown({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/);
  return (
    <div className="markdown">
      {blocks.map((block, i) => {
        if (DISPLAY_MATH.test(block)) {
          return (
            <div key={i}>
              <MathText text={block.trim()} />
            </div>
          );
        }
        const lines = block.split('\n');
        if (lines.every((l) => /^\s*([-*]|\d+\.)\s+/.test(l))) {
          const ordered = /^\s*\d+\./.test(lines[0] ?? '');
          const items = lines.map((l, j) => (
            <li key={j}>{inline(l.replace(/^\s*([-*]|\d+\.)\s+/, ''))}</li>
          ));
          return ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
        }
        return (
          <p key={i}>
            {lines.map((l, j) => (
              <span key={j}>
                {j > 0 && <br />}
                {inline(l.replace(/^#+\s*/, ''))}
              </span>
            ))}
          </p>
        );
      })}
    </div>
  );
}
