import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

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

interface DataSaverState {
  /** The learner's choice on this device; null: follow the connection. */
  choice: boolean | null;
  set(on: boolean): void;
}

/** The learner's data-saver setting, persisted per device (localStorage). */
export const useDataSaverStore = create<DataSaverState>()(
  persist(
    (set) => ({
      choice: null,
      set: (on) => set({ choice: on }),
    }),
    { name: 'gia.video.data-saver', storage: createJSONStorage(() => localStorage) },
  ),
);

/** Whether data saver is on, and the setter: the learner's choice, else the connection default. */
export function useDataSaver(): [boolean, (on: boolean) => void] {
  const choice = useDataSaverStore((s) => s.choice);
  const set = useDataSaverStore((s) => s.set);
  const on = choice ?? dataSaverDefault(typeof navigator === 'undefined' ? undefined : navigator);
  return [on, set];
}
