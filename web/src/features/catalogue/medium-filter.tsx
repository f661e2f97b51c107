import { useSearchParams } from 'react-router-dom';
import type { Language } from '@gia/shared/catalogue.ts';
import { MEDIA, mediumName, mediumOf } from '../../components/catalogue-ui.tsx';
import { useT } from '../../lib/i18n.ts';

/** The URL's query parameter of the chosen medium: a shared link keeps the learner's filter. */
export const MEDIUM_PARAM = 'medium';

const isMedium = (value: string | null): value is Language =>
  (MEDIA as readonly (string | null)[]).includes(value);

/**
 * The medium of instruction a class or subject list is filtered by (issue 33, item 4): the URL's
 * `medium`, `undefined` for all. The list is filtered where it is shown (the whole list is
 * already there for the name and price filters, and tells which media the chips offer), so a
 * change of chip costs no request.
 */
export function useMediumFilter<R extends { medium?: Language }>(
  records: readonly R[] | undefined,
) {
  const [params, setParams] = useSearchParams();
  const given = params.get(MEDIUM_PARAM);
  const chosen = isMedium(given) ? given : undefined;
  // In one fixed order (English first: the catalogue's own language), whatever the list's.
  const held = new Set((records ?? []).map(mediumOf));
  const media = MEDIA.filter((m) => held.has(m));
  const choose = (medium: Language | undefined) =>
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        if (medium) next.set(MEDIUM_PARAM, medium);
        else next.delete(MEDIUM_PARAM);
        return next;
      },
      { replace: true },
    );
  return {
    chosen,
    /** The media the list holds (a medium in the URL that it does not hold too, to clear it). */
    media: chosen && !media.includes(chosen) ? [...media, chosen] : media,
    choose,
    /** Whether a record is taught in the chosen medium (every record when none is chosen). */
    keeps: (record: R) => !chosen || mediumOf(record) === chosen,
  };
}

/**
 * "All · English medium · Kannada medium": a row of toggle chips, shown only when the list holds
 * more than one medium (or the URL chose one, so it can be cleared).
 */
export function MediumFilter({
  filter,
}: {
  filter: Pick<ReturnType<typeof useMediumFilter>, 'chosen' | 'media' | 'choose'>;
}) {
  const t = useT();
  if (filter.media.length < 2 && !filter.chosen) return null;
  const chip = (medium: Language | undefined, label: string) => (
    <button
      key={medium ?? 'all'}
      type="button"
      className={`chip${filter.chosen === medium ? ' is-on' : ''}`}
      aria-pressed={filter.chosen === medium}
      onClick={() => filter.choose(medium)}
    >
      {label}
    </button>
  );
  return (
    <div className="chips medium-filter" role="group" aria-label={t('catalogue.mediumFilter')}>
      {chip(undefined, t('catalogue.allMedia'))}
      {filter.media.map((m) => chip(m, mediumName(m)))}
    </div>
  );
}
