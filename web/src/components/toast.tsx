import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export const TOAST_LIMIT = 20;
export const TOAST_MS = { success: 2000, error: 4000, info: 4000 } as const;

interface ToastState {
  toasts: Toast[];
  show(kind: ToastKind, text: string): void;
  dismiss(id: number): void;
}

let nextId = 1;

/** Toasts: success for 2 s, others for 4 s, at most 20 at once (the oldest goes first). */
export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show(kind, text) {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { id, kind, text }].slice(-TOAST_LIMIT) }));
    setTimeout(() => get().dismiss(id), TOAST_MS[kind]);
  },
  dismiss(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
}));

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
