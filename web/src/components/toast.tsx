import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** At most this many toasts on screen (the contract allows up to 20; a phone has room for 2). */
export const TOAST_LIMIT = 2;
export const TOAST_MS = { success: 2000, error: 4000, info: 4000 } as const;

interface ToastState {
  toasts: Toast[];
  show(kind: ToastKind, text: string): void;
  dismiss(id: number): void;
  /** Drops the error toasts: they were about the screen the learner has left. */
  clearErrors(): void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/**
 * Toasts: success for 2 s, others for 4 s, at most {@link TOAST_LIMIT} at once (the oldest goes
 * first). The same message again does not stack: the one on screen starts its time again.
 */
export const useToasts = create<ToastState>((set, get) => {
  const expire = (t: Toast) => {
    clearTimeout(timers.get(t.id));
    timers.set(
      t.id,
      setTimeout(() => get().dismiss(t.id), TOAST_MS[t.kind]),
    );
  };
  return {
    toasts: [],
    show(kind, text) {
      const same = get().toasts.find((t) => t.kind === kind && t.text === text);
      if (same) return expire(same);
      const toast = { id: nextId++, kind, text };
      const toasts = [...get().toasts, toast];
      for (const dropped of toasts.slice(0, -TOAST_LIMIT)) {
        clearTimeout(timers.get(dropped.id));
        timers.delete(dropped.id);
      }
      set({ toasts: toasts.slice(-TOAST_LIMIT) });
      expire(toast);
    },
    dismiss(id) {
      clearTimeout(timers.get(id));
      timers.delete(id);
      set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
    },
    clearErrors() {
      const errors = get().toasts.filter((t) => t.kind === 'error');
      if (!errors.length) return;
      for (const t of errors) {
        clearTimeout(timers.get(t.id));
        timers.delete(t.id);
      }
      set((s) => ({ toasts: s.toasts.filter((t) => t.kind !== 'error') }));
    },
  };
});

/** Clears the error toasts when the route changes (call it once, inside the router). */
export function useClearErrorsOnNavigate() {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    useToasts.getState().clearErrors();
  }, [pathname, search]);
}

export const toast = {
  success: (text: string) => useToasts.getState().show('success', text),
  error: (text: string) => useToasts.getState().show('error', text),
  info: (text: string) => useToasts.getState().show('info', text),
};

export function Toasts() {
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div className="toasts">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`toast toast-${t.kind}`}
          role={t.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{t.text}</span>
          <button type="button" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
