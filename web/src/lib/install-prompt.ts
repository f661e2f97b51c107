import { create } from 'zustand';

/*
 * "Install GIA School" (issue 32, item 1). The browser's install prompt (`beforeinstallprompt`,
 * Chromium) is kept from the moment the page loads, and offered only once a learner has
 * finished a lesson, on a later visit than their first; "Not now" is not asked again for
 * {@link INSTALL_ASK_AGAIN_DAYS} days. Both dates live in this browser's localStorage.
 */

/** After "Not now" (or the browser's own dialog dismissed), the offer waits this many days. */
export const INSTALL_ASK_AGAIN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const DISMISSED_KEY = 'gia.install.dismissedAt';
const FIRST_SEEN_KEY = 'gia.firstSeenAt';

/** Chromium's install prompt (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Whether to offer installing now. */
export function installOfferDue(state: {
  /** The browser handed the page its install prompt (not installed, and installable). */
  canInstall: boolean;
  finishedLesson: boolean;
  /** This page load is the browser's first visit to the site. */
  firstVisit: boolean;
  /** When the learner last said "Not now" (ms), if ever. */
  dismissedAt: number | null;
  now: number;
}): boolean {
  const resting =
    state.dismissedAt !== null && state.now - state.dismissedAt < INSTALL_ASK_AGAIN_DAYS * DAY_MS;
  return state.canInstall && state.finishedLesson && !state.firstVisit && !resting;
}

/** localStorage, where the browser allows it (a private window may refuse it). */
const storage = {
  read(key: string): number | null {
    try {
      const value = Number(window.localStorage.getItem(key));
      return Number.isFinite(value) && value > 0 ? value : null;
    } catch {
      return null;
    }
  },
  write(key: string, value: number) {
    try {
      window.localStorage.setItem(key, String(value));
    } catch {
      // Not kept: the offer may come back on a later visit.
    }
  },
};

interface InstallPrompt {
  prompt: BeforeInstallPromptEvent | null;
  firstVisit: boolean;
  dismissedAt: number | null;
  /** Shows the browser's install dialog; a refusal there counts as "Not now". */
  install(): Promise<void>;
  /** "Not now": not offered again for {@link INSTALL_ASK_AGAIN_DAYS} days. */
  dismiss(): void;
}

export const useInstallPrompt = create<InstallPrompt>()((set, get) => ({
  prompt: null,
  firstVisit: true,
  dismissedAt: null,
  async install() {
    const { prompt } = get();
    if (!prompt) return;
    // A prompt can be shown once: the browser sends a new event if it may be asked again.
    set({ prompt: null });
    await prompt.prompt();
    if ((await prompt.userChoice).outcome === 'dismissed') get().dismiss();
  },
  dismiss() {
    const now = Date.now();
    storage.write(DISMISSED_KEY, now);
    set({ dismissedAt: now });
  },
}));

/**
 * At start (web/src/main.tsx): notes the first visit, reads the last dismissal, and keeps the
 * browser's install prompt for later instead of letting it show its own mini-infobar.
 */
export function captureInstallPrompt(win: Window = window) {
  const firstSeen = storage.read(FIRST_SEEN_KEY);
  if (firstSeen === null) storage.write(FIRST_SEEN_KEY, Date.now());
  useInstallPrompt.setState({
    firstVisit: firstSeen === null,
    dismissedAt: storage.read(DISMISSED_KEY),
  });
  win.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    useInstallPrompt.setState({ prompt: event as BeforeInstallPromptEvent });
  });
  win.addEventListener('appinstalled', () => useInstallPrompt.setState({ prompt: null }));
}
