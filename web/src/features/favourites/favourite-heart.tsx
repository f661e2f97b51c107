import { useNavigate } from 'react-router-dom';
import { HeartIcon } from '../../components/icons.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { hasSession } from '../../lib/session.ts';
import { useAddFavourite, useFavourites, useRemoveFavourite } from './api/favourites.ts';

/** The heart of a subject card: adds or removes the favourite. */
export function FavouriteHeart({ subjectId }: { subjectId: string }) {
  const favourites = useFavourites();
  const add = useAddFavourite();
  const remove = useRemoveFavourite();
  const navigate = useNavigate();
  const existing = (favourites.data ?? []).find((f) => f.subject_id === subjectId);
  async function toggle() {
    if (!hasSession('learner')) return navigate('/signin?redirect=%2FGetSubject');
    try {
      const res = existing
        ? await remove.mutateAsync(existing.favorite_id)
        : await add.mutateAsync(subjectId);
      toast.success(res.message);
    } catch (err) {
      toast.error(
        errorMessage(err, existing ? 'Failed to remove favorite' : 'Failed to add favorite'),
      );
    }
  }
  return (
    <button
      type="button"
      className={`heart ${existing ? 'is-on' : ''}`}
      aria-label={existing ? 'Remove from favourites' : 'Add to favourites'}
      aria-pressed={Boolean(existing)}
      onClick={toggle}
    >
      <HeartIcon filled={Boolean(existing)} />
    </button>
  );
}
