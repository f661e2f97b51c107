import type { ReactNode } from 'react';
import type { Favourite } from '@gia/shared';
import { Card, useSubjectLink } from '../../components/catalogue-ui.tsx';
import { HeartIcon } from '../../components/icons.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { Skeleton } from '../../components/query-state.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { rupee } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { usePurchased } from '../../lib/purchases-api.ts';
import { useFavourites, useRemoveFavourite } from './api/favourites.ts';
import { serverText } from '../../lib/server-text.ts';

/**
 * `/Favourite`; `subjectAction` is what the learner can do with a subject (Add to Cart, In cart,
 * Owned / Continue learning, Free / Start learning), passed in by the app.
 */
export function FavouritePage({
  subjectAction,
}: {
  subjectAction(subject: Pick<Favourite, 'subject_id' | 'free_course'>): ReactNode;
}) {
  const t = useT();
  const favourites = useFavourites();
  const purchased = usePurchased();
  const remove = useRemoveFavourite();
  const subjectLink = useSubjectLink();
  const owned = new Set((purchased.data ?? []).map((p) => p.subject_id));
  if (favourites.isError) {
    return (
      <section className="empty" role="alert">
        <p>{t('favourites.failed')}</p>
        <button type="button" className="btn btn-primary" onClick={() => favourites.refetch()}>
          {t('favourites.tryAgain')}
        </button>
      </section>
    );
  }
  return (
    <>
      <PageHeading title={t('favourites.title')} />
      {favourites.isLoading ? (
        <Skeleton kind="cards" what={t('favourites.what')} />
      ) : !favourites.data?.length ? (
        <p className="empty">{t('favourites.empty')}</p>
      ) : (
        <div className="cat-grid">
          {favourites.data.map((f, index) => (
            <Card
              eager={index < 4}
              key={f.favorite_id}
              image={f.subject_image_url}
              title={f.subject_name}
              {...subjectLink(f)}
            >
              <p className="muted">
                {f.class_name} · {f.board_name}
              </p>
              {/* A free or owned subject says so in its action (never ₹0). */}
              {f.free_course !== true && !owned.has(f.subject_id) && (
                <p className="price">{rupee(f.subject_price)}</p>
              )}
              <div className="row">
                <button
                  type="button"
                  className="heart is-on"
                  aria-label={t('favourites.remove')}
                  onClick={async () => {
                    try {
                      toast.success(serverText(await remove.mutateAsync(f.favorite_id)));
                    } catch (err) {
                      toast.error(errorMessage(err, t('favourites.removeFailed')));
                    }
                  }}
                >
                  <HeartIcon filled />
                </button>
                {subjectAction(f)}
              </div>
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
