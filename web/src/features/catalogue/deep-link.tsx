import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n.ts';
import { links, useLinkParam, type LinkParam } from '../../lib/links.ts';
import { trailOf, useSession, type Selections } from '../../lib/session.ts';

/**
 * The record whose children a screen lists: its id from the URL (`urlId`), else the stored
 * selection of that level (the old flows' URLs carry no id).
 */
export function useParent(level: keyof Selections, param: LinkParam) {
  const urlId = useLinkParam(param);
  const stored = useSession((s) => s.selections[level]?.id);
  return { id: urlId ?? stored, urlId };
}

/**
 * A deep link (the parent's id in the URL) sets the selections, names included, from `source`: a
 * record that carries the parent's trail (one of the listed children, or the parent itself). When
 * everything is in (`settled`) and no record tells the names (an empty list under a parent that
 * cannot be looked up), the URL's id is chosen without a name, so no other record's trail stays
 * shown under it.
 */
export function useFollowLink(
  level: keyof Selections,
  urlId: string | undefined,
  source: object | null | undefined,
  settled: boolean,
) {
  const follow = useSession((s) => s.follow);
  const storedId = useSession((s) => s.selections[level]?.id);
  useEffect(() => {
    if (!urlId) return;
    if (source) {
      const trail = trailOf(source, level);
      if (trail[level]?.id === urlId) follow(level, trail);
      return;
    }
    if (settled && storedId !== urlId) follow(level, { [level]: { id: urlId, name: '' } });
  }, [follow, level, urlId, source, settled, storedId]);
}

/** What a screen opened without its parent says, by the level it needs chosen first. */
const NOTHING_CHOSEN = {
  board: 'catalogue.nothingChosen.board',
  class: 'catalogue.nothingChosen.class',
  subject: 'catalogue.nothingChosen.subject',
  subSubject: 'catalogue.nothingChosen.subSubject',
} as const;

/** A screen opened with neither an id in its URL nor a stored choice: where to start instead. */
export function NothingChosen({ level }: { level: keyof typeof NOTHING_CHOSEN }) {
  const t = useT();
  return (
    <section className="empty nothing-chosen">
      <p>{t(NOTHING_CHOSEN[level])}</p>
      <Link to={links.boards()} className="btn btn-primary">
        {t('catalogue.startFromBoards')}
      </Link>
    </section>
  );
}
