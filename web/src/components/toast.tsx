import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { create } from 'zustand';
import { useT } from '../lib/i18n.ts';

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
 * first). The same message again does not stack: the one on screen starts its time again. An
 * error is stale once the next action succeeds or fails anew: a success or another error replaces
 * it, so "Please provide a rating" never stays above "Review created successfully".
 */
export const useToasts = create<ToastState>((set, get) => {
  const expire = (t: Toast) => {
    clearTimeout(timers.get(t.id));
    timers.set(
      t.id,
      setTimeout(() => get().dismiss(t.id), TOAST_MS[t.kind]),
    );
  };
  /** Takes the toasts that `gone` picks off the screen, with their timers. */
  const drop = (gone: (t: Toast) => boolean) => {
    const dropped = get().toasts.filter(gone);
    if (!dropped.length) return;
    for (const t of dropped) {
      clearTimeout(timers.get(t.id));
      timers.delete(t.id);
    }
    set((s) => ({ toasts: s.toasts.filter((t) => !dropped.includes(t)) }));
  };
  return {
    toasts: [],
    show(kind, text) {
      const isSame = (t: Toast) => t.kind === kind && t.text === text;
      if (kind !== 'info') drop((t) => t.kind === 'error' && !isSame(t));
      const same = get().toasts.find(isSame);
      if (same) return expire(same);
      const toast = { id: nextId++, kind, text };
      set((s) => ({ toasts: [...s.toasts, toast] }));
      const over = get().toasts.slice(0, -TOAST_LIMIT);
      drop((t) => over.includes(t));
      expire(toast);
    },
    dismiss(id) {
      drop((t) => t.id === id);
    },
    clearErrors() {
      drop((t) => t.kind === 'error');
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
  const t = useT();
  const toasts = useToasts((s) => s.toasts);
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div className="toasts">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast-${item.kind}`}
          role={item.kind === 'error' ? 'alert' : 'status'}
        >
          <span>{item.text}</span>
          <button type="button" aria-label={t('common.dismiss')} onClick={() => dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
