import { useEffect, useRef } from 'react';
import { create } from 'zustand';
import { useT } from '../lib/i18n.ts';

interface ConfirmState {
  question: string | null;
  resolve: ((ok: boolean) => void) | null;
  ask(question: string): Promise<boolean>;
  answer(ok: boolean): void;
}

const useConfirmStore = create<ConfirmState>((set, get) => ({
  question: null,
  resolve: null,
  ask(question) {
    get().resolve?.(false);
    return new Promise<boolean>((resolve) => set({ question, resolve }));
  },
  answer(ok) {
    get().resolve?.(ok);
    set({ question: null, resolve: null });
  },
}));

/** `if (await confirm('Are you sure you want to delete?')) …` — an in-app dialog. */
export const confirmDialog = (question: string) => useConfirmStore.getState().ask(question);

export function ConfirmDialog() {
  const t = useT();
  const question = useConfirmStore((s) => s.question);
  const answer = useConfirmStore((s) => s.answer);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (question) yes.current?.focus();
  }, [question]);
  if (!question) return null;
  return (
    <div className="modal-backdrop" onKeyDown={(e) => e.key === 'Escape' && answer(false)}>
      <div
        className="modal confirm"
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-question"
      >
        <p id="confirm-question">{question}</p>
        <div className="modal-actions">
          <button ref={yes} type="button" className="btn btn-primary" onClick={() => answer(true)}>
            {t('common.yes')}
          </button>
          <button type="button" className="btn" onClick={() => answer(false)}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
