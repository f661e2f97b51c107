import { act, render, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { startOnlineState } from '../lib/online.ts';
import { enqueue } from '../lib/outbox.ts';
import { OfflineBanner } from './offline.tsx';
import { QueryState } from './query-state.tsx';

afterEach(() => onlineManager.setOnline(true));

describe('offline states (issue 32)', () => {
  it('shows the offline bar while the browser is offline, and hides it when back online', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status').textContent).toContain("You're offline.");
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('counts the answers waiting to sync in the offline bar', async () => {
    act(() => onlineManager.setOnline(false));
    render(<OfflineBanner />);
    for (const q of ['Q1', 'Q2', 'Q3']) {
      await act(() => enqueue('practice.answerQuiz', { question_id: q, answer: true }));
    }
    await act(() => enqueue('progress.save', { topic_id: 'T1', position_seconds: 9 }));

    expect(await screen.findByText(/3 answers will sync\./)).toBeTruthy();
  });

  it('starts offline when the page is opened with no network (from the service worker)', () => {
    startOnlineState({ onLine: false });
    render(<OfflineBanner />);
    expect(screen.getByRole('status').textContent).toContain("You're offline.");
  });

  it('trusts the events, not navigator.onLine, when the browser says it is online', () => {
    startOnlineState({ onLine: true });
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('says a paused read is not saved on the device instead of showing its skeleton', () => {
    const query = { data: undefined, isError: false, isFetching: false, refetch: () => undefined };
    const view = (isPaused: boolean) => (
      <QueryState
        query={{ ...query, isPaused }}
        what="the boards"
        empty="No boards available."
        skeleton="cards"
      >
        {() => <p>Boards</p>}
      </QueryState>
    );
    const { rerender } = render(view(false));
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    rerender(view(true));
    const notice = screen.getByRole('status');
    expect(notice.getAttribute('aria-busy')).toBeNull();
    expect(notice.textContent).toContain('Not saved on this device: the boards.');
    expect(notice.textContent).toContain('loads by itself');
  });

  it('keeps showing data it already has while offline', () => {
    render(
      <QueryState
        query={{
          data: ['CBSE'],
          isError: false,
          isFetching: false,
          isPaused: true,
          refetch: () => undefined,
        }}
        what="the boards"
        empty="No boards available."
        skeleton="cards"
      >
        {(boards) => <p>{boards.join()}</p>}
      </QueryState>,
    );
    expect(screen.getByText('CBSE')).toBeTruthy();
  });
});
