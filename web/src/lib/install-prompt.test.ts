import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  captureInstallPrompt,
  INSTALL_ASK_AGAIN_DAYS,
  installOfferDue,
  useInstallPrompt,
  type BeforeInstallPromptEvent,
} from './install-prompt.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 28);
const due = {
  canInstall: true,
  finishedLesson: true,
  firstVisit: false,
  dismissedAt: null,
  now: NOW,
};

describe('when "Install GIA School" is offered (issue 32)', () => {
  it('is offered after a finished lesson on a later visit when the browser can install', () => {
    expect(installOfferDue(due)).toBe(true);
  });

  it('is not offered before the lesson is finished', () => {
    expect(installOfferDue({ ...due, finishedLesson: false })).toBe(false);
  });

  it('is never offered on the first visit', () => {
    expect(installOfferDue({ ...due, firstVisit: true })).toBe(false);
  });

  it('is not offered when the browser cannot install (installed already, or no support)', () => {
    expect(installOfferDue({ ...due, canInstall: false })).toBe(false);
  });

  it('is not asked again for 30 days after "Not now", and is after that', () => {
    expect(INSTALL_ASK_AGAIN_DAYS).toBe(30);
    expect(installOfferDue({ ...due, dismissedAt: NOW - 29 * DAY })).toBe(false);
    expect(installOfferDue({ ...due, dismissedAt: NOW - 30 * DAY - 1 })).toBe(true);
  });
});

/** A stand-in for Chromium's event, answering the dialog with `outcome`. */
function installEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

describe('the install prompt kept from the start', () => {
  beforeEach(() => {
    localStorage.clear();
    useInstallPrompt.setState({ prompt: null, firstVisit: true, dismissedAt: null });
  });
  afterEach(() => vi.useRealTimers());

  it('counts the first page load as the first visit, and a later one not', () => {
    captureInstallPrompt(new EventTarget() as Window);
    expect(useInstallPrompt.getState().firstVisit).toBe(true);
    captureInstallPrompt(new EventTarget() as Window);
    expect(useInstallPrompt.getState().firstVisit).toBe(false);
  });

  it("keeps the browser's prompt instead of its own infobar, and shows it on Install", async () => {
    const win = new EventTarget() as Window;
    captureInstallPrompt(win);
    const { event, prompt } = installEvent('accepted');
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(useInstallPrompt.getState().prompt).toBe(event);

    await useInstallPrompt.getState().install();
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(useInstallPrompt.getState().prompt).toBeNull();
    expect(useInstallPrompt.getState().dismissedAt).toBeNull();
  });

  it('remembers "Not now" across visits, as a refusal in the browser dialog', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const win = new EventTarget() as Window;
    captureInstallPrompt(win);
    win.dispatchEvent(installEvent('dismissed').event);
    await useInstallPrompt.getState().install();
    expect(useInstallPrompt.getState().dismissedAt).toBe(NOW);

    useInstallPrompt.setState({ dismissedAt: null });
    captureInstallPrompt(new EventTarget() as Window);
    expect(useInstallPrompt.getState().dismissedAt).toBe(NOW);
  });
});
