import { useNavigate } from 'react-router-dom';
import { LEARNER_MESSAGES } from '@gia/shared/messages.ts';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { hasSession } from '../../lib/session.ts';
import { useAddToCart } from './api/cart.ts';

/** 'Add to Cart' for a subject. */
export function AddToCartButton({ subjectId }: { subjectId: string }) {
  const add = useAddToCart();
  const navigate = useNavigate();
  async function click() {
    if (!hasSession('learner')) return navigate('/signin?redirect=%2FGetSubject');
    try {
      await add.mutateAsync(subjectId);
      toast.success(LEARNER_MESSAGES.cartAdded);
    } catch (err) {
      toast.error(errorMessage(err, 'Failed to add to cart'));
    }
  }
  return (
    <button
      type="button"
      className="btn btn-primary btn-small"
      onClick={click}
      disabled={add.isPending}
    >
      Add to Cart
    </button>
  );
}
