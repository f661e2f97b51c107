import { describe, expect, it } from 'vitest';
import { hasMath, splitMath } from './split-math.ts';

describe('splitting text into words and maths', () => {
  it('finds inline maths between single dollars', () => {
    expect(splitMath('Solve $x^2 + 1 = 0$ for x.')).toEqual([
      { kind: 'text', text: 'Solve ' },
      { kind: 'tex', tex: 'x^2 + 1 = 0', display: false, source: '$x^2 + 1 = 0$' },
      { kind: 'text', text: ' for x.' },
    ]);
  });

  it('finds display maths between double dollars, the spaces around the formula dropped', () => {
    expect(splitMath('The roots:\n$$ x = \\frac{-b}{2a} $$\ndone')).toEqual([
      { kind: 'text', text: 'The roots:\n' },
      { kind: 'tex', tex: 'x = \\frac{-b}{2a}', display: true, source: '$$ x = \\frac{-b}{2a} $$' },
      { kind: 'text', text: '\ndone' },
    ]);
  });

  it('reads an escaped dollar as a dollar, outside and inside maths', () => {
    expect(splitMath('It costs \\$3, or $\\$3 + x$')).toEqual([
      { kind: 'text', text: 'It costs $3, or ' },
      { kind: 'tex', tex: '\\$3 + x', display: false, source: '$\\$3 + x$' },
    ]);
  });

  it('leaves prices as words: "$5 and $6", "₹5", "$20,000"', () => {
    for (const text of ['Pay $5 and $6 later', 'It costs ₹5', '$20,000 and $30,000']) {
      expect(splitMath(text)).toEqual([{ kind: 'text', text }]);
      expect(hasMath(text)).toBe(false);
    }
  });

  it('needs no space inside the dollars and no digit after the closing one', () => {
    expect(hasMath('$ x$')).toBe(false);
    expect(hasMath('$x $')).toBe(false);
    expect(hasMath('$x$5')).toBe(false);
    expect(hasMath('$x$.')).toBe(true);
  });

  it('never lets maths span a blank line, and leaves an unclosed dollar as a word', () => {
    expect(hasMath('$a\n\nb$')).toBe(false);
    expect(hasMath('$$a\n\nb$$')).toBe(false);
    expect(splitMath('only $$ here')).toEqual([{ kind: 'text', text: 'only $$ here' }]);
  });
});
