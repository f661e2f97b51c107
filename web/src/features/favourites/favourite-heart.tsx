import { useLocation, useNavigate } from 'react-router-dom';
import { HeartIcon } from '../../components/icons.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n.ts';
import { signInPath } from '../../lib/redirect.ts';
import { hasSession } from '../../lib/session.ts';
import { useAddFavourite, useFavourites, useRemoveFavourite } from './api/favourites.ts';
import { serverText } from '../../lib/server-text.ts';

/**
 * The heart of a subject: adds or removes the favourite. With `subjectName` it also says so in
 * words ("Add Mathematics to favourites"), for a screen that offers it beside the subject's name.
 */
export function FavouriteHeart({
  subjectId,
  subjectName,
}: {
  subjectId: string;
  subjectName?: string;
}) {
  const t = useT();
  const favourites = useFavourites();
  const add = useAddFavourite();
  const remove = useRemoveFavourite();
  const navigate = useNavigate();
  const where = useLocation();
  const existing = (favourites.data ?? []).find((f) => f.subject_id === subjectId);
  async function toggle() {
    if (!hasSession('learner')) {
      return navigate(signInPath(where.pathname + where.search));
    }
    try {
      const res = existing
        ? await remove.mutateAsync(existing.favorite_id)
        : await add.mutateAsync(subjectId);
      toast.success(serverText(res));
    } catch (err) {
      toast.error(
        errorMessage(err, t(existing ? 'favourites.removeFailed' : 'favourites.addFailed')),
      );
    }
  }
  const busy = add.isPending || remove.isPending;
  if (subjectName) {
    return (
      <button
        type="button"
        className={`heart heart-labelled ${existing ? 'is-on' : ''}`}
        disabled={busy}
        onClick={toggle}
      >
        <HeartIcon filled={Boolean(existing)} />
        <span>
          {existing
            ? t('favourites.removeNamed', { name: subjectName })
            : t('favourites.addNamed', { name: subjectName })}
        </span>
      </button>
    );
  }
  return (
    <button
      type="button"
      className={`heart ${existing ? 'is-on' : ''}`}
      aria-label={existing ? t('favourites.remove') : t('favourites.add')}
      aria-pressed={Boolean(existing)}
      disabled={busy}
      onClick={toggle}
    >
      <HeartIcon filled={Boolean(existing)} />
    </button>
  );
}
