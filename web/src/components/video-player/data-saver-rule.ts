/*
 * Data saver's rule without its store (data-saver.ts): also read by the boot script, which starts
 * a lesson before the app (and zustand) arrive.
 */

/** Where the learner's choice is persisted (zustand's `persist`: `{state: {choice}}`). */
export const DATA_SAVER_KEY = 'gia.video.data-saver';

/** What `navigator.connection` reports (Network Information API; Chromium only). */
interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

const SLOW = new Set(['slow-2g', '2g', '3g']);

/**
 * Data saver's default when the learner never chose: on when the browser asks to save data
 * (Save-Data) or reports a 2G/3G link; off otherwise (and where the browser reports nothing).
 */
export function dataSaverDefault(nav: object | undefined): boolean {
  const c = (nav as { connection?: ConnectionInfo } | undefined)?.connection;
  if (!c) return false;
  return c.saveData === true || SLOW.has(c.effectiveType ?? '');
}

/** Whether data saver is on: the choice persisted on this device, else the connection's default. */
export function dataSaverOn(storage: Pick<Storage, 'getItem'>, nav: object | undefined): boolean {
  try {
    const choice = (
      JSON.parse(storage.getItem(DATA_SAVER_KEY) ?? 'null') as {
        state?: { choice?: boolean | null };
      } | null
    )?.state?.choice;
    if (typeof choice === 'boolean') return choice;
  } catch {
    // An unreadable value is no choice.
  }
  return dataSaverDefault(nav);
}
