import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toasts, useToasts } from './toast.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  useToasts.setState({ toasts: [] });
});

describe('toasts', () => {
  it('shows a success toast for 2 s and an error toast for 4 s', () => {
    render(<Toasts />);
    act(() => {
      toast.success('Saved');
      toast.error('Failed');
    });
    expect(screen.getByRole('status').textContent).toContain('Saved');
    expect(screen.getByRole('alert').textContent).toContain('Failed');
    act(() => vi.advanceTimersByTime(2001));
    expect(screen.queryByText('Saved')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Failed');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Failed')).toBeNull();
  });

  it('never shows more than 20, dropping the oldest', () => {
    render(<Toasts />);
    act(() => {
      for (let i = 1; i <= 25; i++) toast.info(`note ${i}`);
    });
    expect(screen.getAllByRole('status')).toHaveLength(20);
    expect(screen.queryByText('note 5')).toBeNull();
    expect(screen.getAllByRole('status').at(-1)?.textContent).toContain('note 25');
  });
});
