import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

import { DATA_SAVER_KEY, dataSaverDefault } from './data-saver-rule.ts';

export { dataSaverDefault };

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
    { name: DATA_SAVER_KEY, storage: createJSONStorage(() => localStorage) },
  ),
);

/** Whether data saver is on, and the setter: the learner's choice, else the connection default. */
export function useDataSaver(): [boolean, (on: boolean) => void] {
  const choice = useDataSaverStore((s) => s.choice);
  const set = useDataSaverStore((s) => s.set);
  const on = choice ?? dataSaverDefault(typeof navigator === 'undefined' ? undefined : navigator);
  return [on, set];
}
