import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MathText } from './math-text.tsx';

/** The first <math> element, once the maths chunk has loaded. (jsdom cannot compute the styles
 * of Temml's stylesheet, so role queries, which read them, are not used here.) */
const mathIn = (container: HTMLElement) =>
  waitFor(() => {
    const math = container.querySelector('math');
    if (!math) throw new Error('no <math> yet');
    return math;
  });

describe('text with maths', () => {
  it('renders TeX as a MathML <math> element carrying its TeX, beside the words', async () => {
    const { container } = render(
      <p>
        <MathText text="Solve $x^2 + 1 = 0$ now" />
      </p>,
    );
    expect(container.textContent).toContain('Solve ');
    const math = await mathIn(container);
    expect(math.tagName.toLowerCase()).toBe('math');
    expect(math.querySelector('msup')).not.toBeNull();
    expect(math.querySelector('annotation')?.textContent).toBe('x^2 + 1 = 0');
    expect(container.textContent).toContain(' now');
    expect(container.textContent).not.toContain('$');
  });

  it('renders display maths as a block', async () => {
    const { container } = render(<MathText text="$$\frac{a}{b}$$" />);
    await mathIn(container);
    expect(container.querySelector('.math-display math mfrac')).not.toBeNull();
  });

  it('shows bad TeX as its source, and still renders the good maths beside it', async () => {
    const { container } = render(<MathText text="Bad $\frac{a$ and good $y_1$" />);
    await mathIn(container);
    expect(container.querySelector('code.math-error')?.textContent).toBe('$\\frac{a$');
    expect(container.querySelectorAll('math')).toHaveLength(1);
  });

  it('refuses TeX commands that would make links', async () => {
    const { container } = render(<MathText text="$\href{javascript:alert(1)}{x}$ and $z$" />);
    await mathIn(container);
    expect(container.querySelector('a')).toBeNull();
    expect(container.querySelector('code.math-error')).not.toBeNull();
  });

  it('keeps brackets and punctuation on the line of their formula', async () => {
    const { container } = render(<MathText text="no real roots ($b^2 < 4ac$). Then" />);
    await mathIn(container);
    const word = container.querySelector('.math-word');
    expect(word?.firstChild?.textContent).toBe('(');
    expect(word?.querySelector('math')).not.toBeNull();
    expect(word?.lastChild?.textContent).toBe(').');
    expect(container.textContent).toMatch(/^no real roots \(.*\)\. Then$/);
  });
});
