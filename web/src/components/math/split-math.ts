/** A piece of text: plain words, or TeX between `$…$` (inline) or `$$…$$` (display). */
export type MathRun =
  | { kind: 'text'; text: string }
  | {
      kind: 'tex';
      tex: string;
      display: boolean;
      /** As written, with its dollars. */ source: string;
    };

const SPACE = /\s/;
const DIGIT = /[0-9]/;
const BLANK_LINE = /\n[^\S\n]*\n/;

/**
 * Where the TeX that opens at `start` closes: the index of its closing delimiter, or -1. A
 * backslash escapes the next character (so `\$` inside TeX is TeX's own dollar).
 */
function closingAt(text: string, start: number, display: boolean): number {
  for (let j = start; j < text.length; j++) {
    const c = text[j];
    if (c === '\\') {
      j++;
      continue;
    }
    if (c !== '$') continue;
    if (display) return text[j + 1] === '$' ? j : -1;
    return SPACE.test(text[j - 1] ?? ' ') || DIGIT.test(text[j + 1] ?? '') ? -1 : j;
  }
  return -1;
}

/**
 * Splits text into plain runs and TeX runs by pandoc's `tex_math_dollars` rule: `$$…$$` is
 * display maths; `$…$` is inline maths when no space follows the opening `$`, none precedes the
 * closing one and no digit follows it (so "$5 and $6" stays words); `\$` is a literal dollar.
 * Neither kind spans a blank line.
 */
export function splitMath(text: string): MathRun[] {
  const runs: MathRun[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\' && text[i + 1] === '$') {
      plain += '$';
      i += 2;
      continue;
    }
    if (c === '$') {
      const display = text[i + 1] === '$';
      const open = display ? 2 : 1;
      const opensInline = display || !SPACE.test(text[i + 1] ?? ' ');
      const end = opensInline ? closingAt(text, i + open, display) : -1;
      const tex = end < 0 ? '' : text.slice(i + open, end);
      if (end >= 0 && tex.trim() && !BLANK_LINE.test(tex)) {
        if (plain) runs.push({ kind: 'text', text: plain });
        plain = '';
        runs.push({
          kind: 'tex',
          tex: display ? tex.trim() : tex,
          display,
          source: text.slice(i, end + open),
        });
        i = end + open;
        continue;
      }
      // Not maths: the dollar(s) are words.
      plain += text.slice(i, i + open);
      i += open;
      continue;
    }
    plain += c;
    i++;
  }
  if (plain) runs.push({ kind: 'text', text: plain });
  return runs;
}

/** Whether the text holds any TeX (so the maths renderer is needed). */
export function hasMath(text: string): boolean {
  return text.includes('$') && splitMath(text).some((r) => r.kind === 'tex');
}
