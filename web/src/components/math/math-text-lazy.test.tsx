import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MathText } from './math-text.tsx';

/** Counts the maths chunk's loads: the module's factory runs when it is first imported. */
const chunk = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./tex-to-mathml.ts', () => {
  chunk.loads += 1;
  return { texToMathml: (tex: string) => `<math><mi>${tex}</mi></math>` };
});

describe('the maths renderer is loaded only for maths', () => {
  it('never imports the renderer for text without maths, and imports it once maths shows up', async () => {
    const { rerender } = render(<MathText text="Pay $5 and $6, or ₹5 \$ later" />);
    expect(screen.getByText('Pay $5 and $6, or ₹5 $ later')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(chunk.loads).toBe(0);

    rerender(<MathText text="Now $x$" />);
    // The source shows at once, the MathML when the chunk arrives.
    expect(screen.getByText('$x$')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('math')).not.toBeNull());
    expect(chunk.loads).toBe(1);
  });
});
