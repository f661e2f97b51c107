import { useState, type FormEvent } from 'react';
import type { PublicReview } from '@gia/shared';
import { confirmDialog } from '../../components/confirm.tsx';
import { Field } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { t, useT } from '../../lib/i18n.ts';
import { useOnline } from '../../lib/online.ts';
import { useDeleteReview, useReviews, useSaveReview } from './api/reviews.ts';
import { StarInput } from './star-input.tsx';
import { serverText } from '../../lib/server-text.ts';

/** Stars for a rating out of 5, in half steps. */
export function Stars({ rating }: { rating: number }) {
  useT();
  const stars = [1, 2, 3, 4, 5].map((n) =>
    rating >= n ? 'full' : rating >= n - 0.5 ? 'half' : 'empty',
  );
  return (
    <span className="stars" role="img" aria-label={t('reviews.rated', { rating })}>
      {stars.map((s, i) => (
        <span key={i} className={`star is-${s}`}>
          ★
        </span>
      ))}
    </span>
  );
}

function ReviewForm(props: {
  initial?: PublicReview;
  onDone(): void;
  onCancel?(): void;
  topicId: string;
}) {
  useT();
  const [rating, setRating] = useState(props.initial?.rating ?? 0);
  const [text, setText] = useState(props.initial?.review_comment ?? '');
  const editing = Boolean(props.initial);
  const save = useSaveReview(props.topicId);
  const online = useOnline();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!rating) return toast.error(t('reviews.needRating'));
    if (!text.trim()) return toast.error(t('reviews.needText'));
    if (!(await confirmDialog(t(editing ? 'reviews.confirmUpdate' : 'reviews.confirmSubmit'))))
      return;
    try {
      const res = await save.mutateAsync({
        id: props.initial?.id,
        rating,
        review_comment: text,
      });
      toast.success(serverText(res));
      props.onDone();
    } catch (err) {
      toast.error(errorMessage(err, t(editing ? 'reviews.updateFailed' : 'reviews.createFailed')));
    }
  }
  return (
    <form onSubmit={submit} className="form review-form">
      <StarInput
        name={`rating-${props.initial?.id ?? 'new'}`}
        legend={t('reviews.rating')}
        value={rating}
        onChange={setRating}
      />
      <Field id={`review-${props.initial?.id ?? 'new'}`} label={t('reviews.review')}>
        <textarea
          id={`review-${props.initial?.id ?? 'new'}`}
          rows={3}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={2000}
        />
      </Field>
      <div className="row">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {editing ? t('reviews.update') : t('reviews.post')}
        </button>
        {props.onCancel && (
          <button type="button" className="btn" onClick={props.onCancel}>
            {t('reviews.cancel')}
          </button>
        )}
        {/* A new review posted offline waits in the outbox (issue 32) and posts once online. */}
        {save.isPending && !editing && !online && (
          <span className="will-sync" role="status">
            {t('practice.willSync')}
          </span>
        )}
      </div>
    </form>
  );
}

/** Reviews of a topic: the overall rating, the list, and the learner's own review. */
export function Reviews({ topicId }: { topicId: string }) {
  useT();
  const [editing, setEditing] = useState<string | null>(null);
  const reviews = useReviews(topicId);
  const deleteReview = useDeleteReview(topicId);
  // The mutations refresh the list; the screen leaves editing.
  const refresh = () => setEditing(null);
  const list = reviews.data?.data ?? [];
  const summary = reviews.data?.summary ?? { average_rating: 0, review_count: 0 };
  const mine = list.find((r) => r.mine);
  // Learners who may not watch the topic see the summary only, and cannot review it.
  const entitled = reviews.data?.entitled ?? false;
  async function remove(r: PublicReview) {
    if (!(await confirmDialog(t('reviews.confirmDelete')))) return;
    try {
      toast.success(serverText(await deleteReview.mutateAsync(r.id)));
      refresh();
    } catch (err) {
      toast.error(errorMessage(err, t('reviews.deleteFailed')));
    }
  }
  return (
    <section className="card reviews">
      <h2>{t('reviews.title')}</h2>
      {summary.review_count > 0 ? (
        <p className="overall">
          <Stars rating={summary.average_rating} />{' '}
          <strong>{summary.average_rating.toFixed(1)}</strong>{' '}
          <span className="muted">({t('reviews.count', { count: summary.review_count })})</span>
        </p>
      ) : (
        reviews.isSuccess && (
          <p className="overall muted">{entitled ? t('reviews.noneBeFirst') : t('reviews.none')}</p>
        )
      )}
      {reviews.isError && (
        <p role="alert">
          {t('reviews.loadFailed')}{' '}
          <button type="button" className="btn btn-small" onClick={() => void reviews.refetch()}>
            {t('practice.tryAgain')}
          </button>
        </p>
      )}
      {!entitled && reviews.isSuccess && <p className="muted">{t('lesson.notEntitled')}</p>}
      {!mine && entitled && <ReviewForm topicId={topicId} onDone={refresh} />}
      <ul className="review-list">
        {list.map((r) => (
          <li key={r.id}>
            {editing === r.id ? (
              <ReviewForm
                topicId={topicId}
                initial={r}
                onDone={refresh}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <>
                <p>
                  <strong>{r.user_name}</strong> <Stars rating={r.rating} />
                </p>
                <p>{r.review_comment}</p>
                {r.mine && (
                  <div className="row">
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => setEditing(r.id)}
                    >
                      {t('reviews.edit')}
                    </button>
                    <button type="button" className="btn btn-small" onClick={() => remove(r)}>
                      {t('reviews.delete')}
                    </button>
                  </div>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
