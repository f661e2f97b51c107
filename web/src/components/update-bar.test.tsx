import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLessonPlayback } from '../lib/lesson-playback.ts';
import { UpdateBar } from './update-bar.tsx';

afterEach(() => useLessonPlayback.setState({ playing: false }));

describe('the new version prompt (issue 32)', () => {
  it('offers Reload when a new version waits, and reloads only when pressed', () => {
    const onReload = vi.fn();
    const { rerender } = render(
      <UpdateBar waiting={false} onReload={onReload} onLater={vi.fn()} />,
    );
    expect(screen.queryByRole('status')).toBeNull();

    rerender(<UpdateBar waiting onReload={onReload} onLater={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toContain('New version available');
    expect(onReload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('waits while a lesson video plays, and shows once it is paused', () => {
    act(() => useLessonPlayback.getState().setPlaying(true));
    render(<UpdateBar waiting onReload={vi.fn()} onLater={vi.fn()} />);
    expect(screen.queryByRole('status')).toBeNull();

    act(() => useLessonPlayback.getState().setPlaying(false));
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('hides again if the lesson video starts playing while it shows', () => {
    render(<UpdateBar waiting onReload={vi.fn()} onLater={vi.fn()} />);
    expect(screen.getByRole('status')).toBeTruthy();
    act(() => useLessonPlayback.getState().setPlaying(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('lets the learner put it off', () => {
    const onLater = vi.fn();
    render(<UpdateBar waiting onReload={vi.fn()} onLater={onLater} />);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(onLater).toHaveBeenCalledTimes(1);
  });
});
