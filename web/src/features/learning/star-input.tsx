import { useRef, useState, type KeyboardEvent } from 'react';
import { t, useT } from '../../lib/i18n.ts';

const STARS = [1, 2, 3, 4, 5] as const;

/** "1 star", "2 stars", …: each star's name as a screen reader and a test find it. */
export const starLabel = (n: number) => t('reviews.stars', { count: n });

/**
 * A rating from 1 to 5 as a group of five radio buttons drawn as stars: click or tap a star, or
 * Tab into the group and move with the arrow keys (handled here, the same in every browser). The stars
 * up to the chosen one (or the one under the pointer) are filled; the focused star is outlined.
 * State classes are `is-*` (`.star-option.is-on`), never `.empty`, which the empty-state block
 * owns.
 */
export function StarInput(props: {
  name: string;
  legend: string;
  value: number;
  onChange(value: number): void;
}) {
  useT();
  const [hover, setHover] = useState(0);
  const group = useRef<HTMLDivElement>(null);
  const shown = hover || props.value;

  /** Arrows move one star (Right/Up more, Left/Down fewer), Home and End to 1 and 5 stars. */
  function onKeyDown(e: KeyboardEvent) {
    const from = Math.round(props.value) || 0;
    const to =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? Math.min(5, from + 1)
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? Math.max(1, from - 1)
          : e.key === 'Home'
            ? 1
            : e.key === 'End'
              ? 5
              : 0;
    if (!to) return;
    e.preventDefault();
    props.onChange(to);
    group.current?.querySelector<HTMLInputElement>(`input[value="${to}"]`)?.focus();
  }

  return (
    <fieldset className="star-input" onMouseLeave={() => setHover(0)}>
      <legend>{props.legend}</legend>
      <div className="star-input-options" ref={group} onKeyDown={onKeyDown}>
        {STARS.map((n) => {
          const id = `${props.name}-${n}`;
          return (
            <span key={n} className={`star-option ${n <= shown ? 'is-on' : ''}`}>
              <input
                type="radio"
                id={id}
                name={props.name}
                value={n}
                checked={props.value === n}
                onChange={() => props.onChange(n)}
                aria-label={starLabel(n)}
              />
              <label htmlFor={id} onMouseEnter={() => setHover(n)} title={starLabel(n)}>
                <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
                  <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
                </svg>
              </label>
            </span>
          );
        })}
        <span className="star-input-value" aria-hidden="true">
          {props.value ? t('reviews.valueOf5', { value: props.value }) : t('reviews.notRated')}
        </span>
      </div>
    </fieldset>
  );
}
