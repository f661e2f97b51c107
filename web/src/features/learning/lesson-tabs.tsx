import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface LessonTab {
  id: string;
  label: string;
  /** Rendered only while its tab is selected (a hidden tab loads nothing). */
  panel: () => ReactNode;
}

/**
 * Tabs in the WAI-ARIA pattern: a tablist whose selected tab alone is in the tab order; Left and
 * Right move between tabs (wrapping), Home and End go to the first and last; moving selects.
 */
export function LessonTabs(props: {
  tabs: readonly LessonTab[];
  selected: string;
  onSelect(id: string): void;
  label: string;
}) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const tabs = props.tabs;
  const current = tabs.find((t) => t.id === props.selected) ?? tabs[0];

  function onKeyDown(e: KeyboardEvent) {
    const at = tabs.findIndex((t) => t.id === current?.id);
    const next =
      e.key === 'ArrowRight'
        ? (at + 1) % tabs.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + tabs.length) % tabs.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[next];
    if (!tab) return;
    e.preventDefault();
    props.onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  }

  return (
    <div className="lesson-tabs">
      <div className="lesson-tablist" role="tablist" aria-label={props.label} onKeyDown={onKeyDown}>
        {tabs.map((t) => {
          const on = t.id === current?.id;
          return (
            <button
              key={t.id}
              ref={(el) => {
                if (el) refs.current.set(t.id, el);
                else refs.current.delete(t.id);
              }}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={on}
              aria-controls={`tabpanel-${t.id}`}
              tabIndex={on ? 0 : -1}
              className="lesson-tab"
              onClick={() => props.onSelect(t.id)}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {tabs.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`tabpanel-${t.id}`}
          aria-labelledby={`tab-${t.id}`}
          hidden={t.id !== current?.id}
          tabIndex={0}
          className="lesson-tabpanel"
        >
          {t.id === current?.id && t.panel()}
        </div>
      ))}
    </div>
  );
}
