import { useState, type FormEvent } from 'react';
import { LEARNING_MESSAGES as M, type PublicReview } from '@gia/shared';
import { confirmDialog } from '../../components/confirm.tsx';
import { Field } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useOnline } from '../../lib/online.ts';
import { useDeleteReview, useReviews, useSaveReview } from './api/reviews.ts';
import { StarInput } from './star-input.tsx';

/** Stars for a rating out of 5, in half steps. */
export function Stars({ rating }: { rating: number }) {
  const stars = [1, 2, 3, 4, 5].map((n) =>
    rating >= n ? 'full' : rating >= n - 0.5 ? 'half' : 'empty',
  );
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
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
  const [rating, setRating] = useState(props.initial?.rating ?? 0);
  const [text, setText] = useState(props.initial?.review_comment ?? '');
  const editing = Boolean(props.initial);
  const save = useSaveReview(props.topicId);
  const online = useOnline();
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!rating) return toast.error(M.reviewRating);
    if (!text.trim()) return toast.error(M.reviewText);
    if (
      !(await confirmDialog(
        `Are you sure you want to ${editing ? 'update' : 'submit'} the review?`,
      ))
    )
      return;
    try {
      const res = await save.mutateAsync({
        id: props.initial?.id,
        rating,
        review_comment: text,
      });
      toast.success(res.message);
      props.onDone();
    } catch (err) {
      toast.error(
        errorMessage(err, editing ? 'Failed to update review' : 'Failed to create review'),
      );
    }
  }
  return (
    <form onSubmit={submit} className="form review-form">
      <StarInput
        name={`rating-${props.initial?.id ?? 'new'}`}
        legend="Rating"
        value={rating}
        onChange={setRating}
      />
      <Field id={`review-${props.initial?.id ?? 'new'}`} label="Review">
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
          {editing ? 'Update Review' : 'Post Review'}
        </button>
        {props.onCancel && (
          <button type="button" className="btn" onClick={props.onCancel}>
            Cancel
          </button>
        )}
        {/* A new review posted offline waits in the outbox (issue 32) and posts once online. */}
        {save.isPending && !editing && !online && (
          <span className="will-sync" role="status">
            Will sync
          </span>
        )}
      </div>
    </form>
  );
}

/** Reviews of a topic: the overall rating, the list, and the learner's own review. */
export function Reviews({ topicId }: { topicId: string }) {
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
    if (!(await confirmDialog('Are you sure you want to delete the review?'))) return;
    try {
      toast.success((await deleteReview.mutateAsync(r.id)).message);
      refresh();
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to delete review'));
    }
  }
  return (
    <section className="card reviews">
      <h2>Reviews</h2>
      {summary.review_count > 0 ? (
        <p className="overall">
          <Stars rating={summary.average_rating} />{' '}
          <strong>{summary.average_rating.toFixed(1)}</strong>{' '}
          <span className="muted">
            ({summary.review_count} {summary.review_count === 1 ? 'review' : 'reviews'})
          </span>
        </p>
      ) : (
        reviews.isSuccess && (
          <p className="overall muted">
            {entitled ? 'No reviews yet — be the first' : 'No reviews yet'}
          </p>
        )
      )}
      {reviews.isError && (
        <p role="alert">
          We couldn&apos;t load the reviews.{' '}
          <button type="button" className="btn btn-small" onClick={() => void reviews.refetch()}>
            Try again
          </button>
        </p>
      )}
      {!entitled && reviews.isSuccess && <p className="muted">{M.notEntitled}</p>}
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
                      Edit
                    </button>
                    <button type="button" className="btn btn-small" onClick={() => remove(r)}>
                      Delete
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
