import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';

describe('an AI reply in Markdown', () => {
  it('renders the maths in its words and display blocks, and leaves code spans as written', async () => {
    const reply = 'So **$x^2 = 9$** gives `$x$` two roots:\n\n$$\nx = \\pm 3\n$$\n\n- check $3^2$';
    const { container } = render(<Markdown text={reply} />);
    await waitFor(() => expect(container.querySelectorAll('math')).toHaveLength(3));
    expect(container.querySelector('code')?.textContent).toBe('$x$');
    expect(container.querySelector('.math-display math')?.textContent).toContain('±');
    expect(container.querySelector('strong math msup')).not.toBeNull();
    expect(container.querySelector('li math msup')).not.toBeNull();
  });
});
