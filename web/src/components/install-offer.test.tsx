import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useInstallPrompt, type BeforeInstallPromptEvent } from '../lib/install-prompt.ts';
import { InstallOffer } from './install-offer.tsx';

const prompt = {
  prompt: () => Promise.resolve(),
  userChoice: Promise.resolve({ outcome: 'accepted' as const }),
} as unknown as BeforeInstallPromptEvent;

describe('the install card (issue 32)', () => {
  beforeEach(() => {
    localStorage.clear();
    useInstallPrompt.setState({ prompt, firstVisit: false, dismissedAt: null });
  });

  it('appears once the lesson is finished, and not before', () => {
    const { rerender } = render(<InstallOffer finishedLesson={false} />);
    expect(screen.queryByRole('heading', { name: 'Install GIA School' })).toBeNull();
    rerender(<InstallOffer finishedLesson />);
    expect(screen.getByRole('heading', { name: 'Install GIA School' })).toBeTruthy();
  });

  it('does not appear on the first visit', () => {
    act(() => useInstallPrompt.setState({ firstVisit: true }));
    render(<InstallOffer finishedLesson />);
    expect(screen.queryByRole('heading', { name: 'Install GIA School' })).toBeNull();
  });

  it('goes away on "Not now" and stays away on the next lesson', () => {
    const { unmount } = render(<InstallOffer finishedLesson />);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('heading', { name: 'Install GIA School' })).toBeNull();
    expect(Number(localStorage.getItem('gia.install.dismissedAt'))).toBeGreaterThan(0);
    unmount();
    render(<InstallOffer finishedLesson />);
    expect(screen.queryByRole('heading', { name: 'Install GIA School' })).toBeNull();
  });
});
