import type { ReactNode } from 'react';

/** A modal dialog over the page, named for assistive technology by `label`. */
export function Modal(props: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className="modal-backdrop">
      <div
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
