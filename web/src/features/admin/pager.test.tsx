import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageRange } from './pager.tsx';

describe('the pager of a back-office table', () => {
  it('names the rows on screen, counted from 1', () => {
    expect(pageRange(0, 73)).toBe('1–20 of 73');
    expect(pageRange(1, 73)).toBe('21–40 of 73');
    expect(pageRange(3, 73)).toBe('61–73 of 73');
    expect(pageRange(0, 0)).toBe('0 of 0');
  });

  it('turns to the next and the previous page', () => {
    const onPage = vi.fn();
    render(<Pager page={1} total={73} label="Boards List" onPage={onPage} />);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));

    expect(onPage.mock.calls).toEqual([[2], [0]]);
    expect(screen.getByRole('navigation', { name: 'Pages of Boards List' }).textContent).toContain(
      '21–40 of 73',
    );
  });

  it('offers no page before the first nor after the last', () => {
    const { rerender } = render(<Pager page={0} total={73} label="Boards List" onPage={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);

    rerender(<Pager page={3} total={73} label="Boards List" onPage={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });
});
