import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A modal dialog over the page, named for assistive technology by `label`. Focus moves into it
 * when it opens and back to where it was when it closes; at 360 px it stays inside the screen and
 * scrolls inside itself when taller than the screen (components.css).
 */
export function Modal(props: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    // A control inside that took focus itself (its own effect ran first) keeps it.
    if (!ref.current?.contains(document.activeElement)) ref.current?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div className="modal-backdrop">
      <div
        ref={ref}
        tabIndex={-1}
        className={props.className ? `modal ${props.className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-label={props.label}
      >
        {props.children}
      </div>
    </div>
  );
}

/** A dialog's two buttons: the primary action (a submit button, unless `onPrimary` is given) and a way out. */
export function ModalActions(props: {
  primary: string;
  onPrimary?: () => void;
  busy?: boolean;
  secondary: string;
  onSecondary(): void;
}) {
  return (
    <div className="modal-actions">
      <button
        type={props.onPrimary ? 'button' : 'submit'}
        className="btn btn-primary"
        onClick={props.onPrimary}
        disabled={props.busy}
      >
        {props.primary}
      </button>
      <button type="button" className="btn" onClick={props.onSecondary}>
        {props.secondary}
      </button>
    </div>
  );
}
