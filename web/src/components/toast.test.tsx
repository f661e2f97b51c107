import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, Toasts, useClearErrorsOnNavigate, useToasts } from './toast.tsx';

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

  it('never shows more than 2, dropping the oldest', () => {
    render(<Toasts />);
    act(() => {
      for (let i = 1; i <= 5; i++) toast.info(`note ${i}`);
    });
    expect(screen.getAllByRole('status').map((t) => t.textContent)).toEqual(['note 4×', 'note 5×']);
  });

  it('does not stack the same message: the one on screen starts its time again', () => {
    render(<Toasts />);
    act(() => toast.success('Logged in Successfully'));
    act(() => vi.advanceTimersByTime(1500));
    act(() => toast.success('Logged in Successfully'));
    expect(screen.getAllByRole('status')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.getByRole('status').textContent).toContain('Logged in Successfully');
    act(() => vi.advanceTimersByTime(600));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('drops a stale error toast when the next action succeeds', () => {
    render(<Toasts />);
    act(() => toast.error('Please provide a rating'));
    act(() => vi.advanceTimersByTime(1000));

    act(() => toast.success('Review created successfully'));

    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Review created successfully');
  });

  it('replaces an error toast with the next error instead of stacking them', () => {
    render(<Toasts />);
    act(() => toast.error('Answer cannot be empty.'));

    act(() => toast.error('Failed to post the answer.'));

    expect(screen.getAllByRole('alert').map((t) => t.textContent)).toEqual([
      'Failed to post the answer.×',
    ]);
  });

  it('keeps an error toast when only a note follows it', () => {
    render(<Toasts />);
    act(() => {
      toast.error('Failed to add to cart');
      toast.info("You haven't bought the course !!");
    });

    expect(screen.getByRole('alert').textContent).toContain('Failed to add to cart');
    expect(screen.getByRole('status').textContent).toContain("You haven't bought the course !!");
  });

  it('clears the error toasts when the route changes, and keeps the others', () => {
    function Go() {
      useClearErrorsOnNavigate();
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('/GetClasses?board=b1')}>
          go
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/GetBoard']}>
        <Go />
        <Toasts />
      </MemoryRouter>,
    );
    act(() => {
      toast.success('Added Successfully');
      toast.error('Failed to add to favourites');
    });
    expect(screen.getByRole('alert').textContent).toContain('Failed to add to favourites');
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Added Successfully');
  });
});
