import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n.ts';
import { links } from '../../lib/links.ts';
import { useCourseProgress, usePurchased } from '../../lib/purchases-api.ts';
import { signInPath } from '../../lib/redirect.ts';
import { hasSession, useHasSession } from '../../lib/session.ts';
import { useAddToCart, useCartItems } from './api/cart.ts';

/** What a subject offers the person looking at it. */
export type SubjectOffer = 'free' | 'owned' | 'in-cart' | 'buy' | 'checking';

export interface SubjectActionProps {
  subjectId: string;
  /** The subject's `free_course` flag: a free course is started, never bought. */
  freeCourse?: boolean;
  /**
   * Where 'Continue learning' goes; by default the topic the learner watched last in the subject
   * (their course progress), else the subject's sub-subjects.
   */
  continueTo?: string;
  /** A larger button (the subject page's bar), instead of a card's small one. */
  large?: boolean;
}

/**
 * Which of the subject's actions applies: what the learner owns, a free course, what is in the
 * cart, else buying it. A visitor is offered 'Add to Cart' (which asks them to sign in first).
 */
export function useSubjectOffer(subjectId: string, freeCourse?: boolean): SubjectOffer {
  const signedIn = useHasSession('learner');
  const purchased = usePurchased();
  const cart = useCartItems(signedIn);
  if (signedIn && purchased.data?.some((p) => p.subject_id === subjectId)) return 'owned';
  if (freeCourse === true) return 'free';
  if (!signedIn) return 'buy';
  if (cart.data?.data.some((item) => item.subject_id === subjectId)) return 'in-cart';
  if (purchased.isPending || cart.isPending) return 'checking';
  return 'buy';
}

/**
 * The one place that decides what a subject offers: Owned / Continue learning, Free / Start
 * learning, In cart / Go to cart, or 'Add to Cart' — which, once added, becomes In cart.
 */
export function SubjectAction({ subjectId, freeCourse, continueTo, large }: SubjectActionProps) {
  const t = useT();
  const offer = useSubjectOffer(subjectId, freeCourse);
  const add = useAddToCart();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const size = large ? '' : ' btn-small';

  async function addToCart() {
    if (!hasSession('learner')) {
      return navigate(signInPath(pathname + search));
    }
    try {
      await add.mutateAsync(subjectId);
      toast.success(t('cart.added'));
    } catch (err) {
      toast.error(errorMessage(err, t('cart.addFailed')));
    }
  }

  if (offer === 'owned') {
    return <OwnedAction subjectId={subjectId} continueTo={continueTo} size={size} />;
  }
  if (offer === 'free' || offer === 'in-cart') {
    const { tag, text, to } = {
      free: {
        tag: t('courses.free'),
        text: t('cart.startLearning'),
        to: links.subSubjects(subjectId),
      },
      'in-cart': { tag: t('cart.inCart'), text: t('cart.goToCart'), to: links.cart() },
    }[offer];
    return <TaggedLink offer={offer} tag={tag} text={text} to={to} size={size} />;
  }
  return (
    <span className="subject-action">
      <button
        type="button"
        className={`btn btn-primary${size}`}
        onClick={addToCart}
        disabled={add.isPending || offer === 'checking'}
        aria-busy={add.isPending || offer === 'checking'}
      >
        {t('cart.addToCart')}
      </button>
    </span>
  );
}

function TaggedLink(props: {
  offer: SubjectOffer;
  tag: string;
  text: string;
  to: string;
  size: string;
}) {
  return (
    <span className="subject-action">
      <span className={`subject-tag subject-tag-${props.offer}`}>{props.tag}</span>
      <Link className={`btn btn-primary${props.size}`} to={props.to}>
        {props.text}
      </Link>
    </span>
  );
}

/**
 * Owned: 'Continue learning' at the topic the learner watched last in this subject (from their
 * course progress), else the subject's sub-subjects. Only owned subjects ask for the progress.
 */
function OwnedAction(props: { subjectId: string; continueTo?: string; size: string }) {
  const t = useT();
  const progress = useCourseProgress();
  const last = progress.data?.find((p) => p.subject_id === props.subjectId)?.last;
  const to =
    props.continueTo ??
    (last ? links.topic(last.chapter_id, last.topic_id) : links.subSubjects(props.subjectId));
  return (
    <TaggedLink
      offer="owned"
      tag={t('cart.owned')}
      text={t('cart.continueLearning')}
      to={to}
      size={props.size}
    />
  );
}
