import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuestionFormState } from './question-editors.tsx';
import { QuestionPreview } from './question-preview.tsx';

const form = (patch: Partial<QuestionFormState>): QuestionFormState => ({
  type: 'single',
  text: '',
  options: ['', ''],
  right: [],
  number: '',
  tolerance: '',
  explanation: '',
  difficulty: 'medium',
  sourceKind: 'none',
  sourceAt: '',
  pin: '',
  approved: false,
  image: '',
  ...patch,
});

describe('the question form’s preview', () => {
  it('renders the text, options and explanation with their maths, and no warning', async () => {
    const { container } = render(
      <QuestionPreview
        f={form({
          text: 'Which is a root of $x^2 = 4$?',
          options: ['$2$', '$-3$'],
          explanation: 'Since $2^2 = 4$.',
        })}
      />,
    );
    await waitFor(() => expect(container.querySelectorAll('math')).toHaveLength(4));
    expect(screen.getByRole('heading', { name: 'Preview' })).toBeTruthy();
    expect(screen.queryByText(/could not be read/)).toBeNull();
  });

  it('shows bad TeX as its source, with a note that learners will see the source', async () => {
    const { container } = render(<QuestionPreview f={form({ text: 'Simplify $\\frac{1$' })} />);
    expect(
      await screen.findByText('This maths could not be read; learners will see the source.'),
    ).toBeTruthy();
    expect(container.querySelector('code')?.textContent).toBe('$\\frac{1$');
  });

  it('shows nothing while the form is empty', () => {
    const { container } = render(<QuestionPreview f={form({})} />);
    expect(container.textContent).toBe('');
  });
});
