import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderAnswer } from '@gia/shared';
import { TrashIcon } from '../../components/icons.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { toast } from '../../components/toast.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { rupee, str, type Rec } from '../../lib/catalogue-api.ts';
import { DEFAULT_IMAGE } from '../../components/catalogue-ui.tsx';
import {
  createOrder,
  isLocalGateway,
  openRazorpay,
  PAYMENT_MESSAGES,
  payLocally,
  RazorpayNotLoaded,
  recordPayment,
  type PaymentResult,
} from './checkout.ts';

const L = '/api/v1/classuser/data';

/** The built-in test gateway's checkout (local stack only), in place of Razorpay's widget. */
function LocalCheckout({
  order,
  onPay,
  onCancel,
}: {
  order: OrderAnswer;
  onPay(): void;
  onCancel(): void;
}) {
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-label="Test checkout">
        <h2>Test checkout</h2>
        <p>This is the local test payment gateway: no money moves.</p>
        <p className="price">Amount: {rupee(order.amount / 100)}</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" onClick={onPay}>
            Pay
          </button>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </div>
    </div>
  );
}

/** `/CartScreen`: 'My Cart', price details and checkout. */
export function CartPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.user);
  const [localOrder, setLocalOrder] = useState<OrderAnswer | null>(null);
  const [busy, setBusyState] = useState(false);
  // A second click can land before React re-renders the disabled button: the ref sees it.
  const busyRef = useRef(false);
  const setBusy = (value: boolean) => {
    busyRef.current = value;
    setBusyState(value);
  };
  // No second order while one is being created, paid in a checkout dialog, or recorded.
  const checkingOut = busy || localOrder !== null;
  const cart = useQuery({
    queryKey: ['cart'],
    queryFn: () => api<{ data: Rec[]; total: number }>('GET', `${L}/getUSER_CART`),
  });
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    if (cart.isSuccess) toast.success('Cart items loaded successfully.');
    if (cart.isError) toast.error('Unable to load cart items.');
    if (cart.isSuccess || cart.isError) announced.current = true;
  }, [cart.isSuccess, cart.isError]);

  async function remove(item: Rec) {
    try {
      const res = await api<{ message: string }>(
        'DELETE',
        `${L}/deleteUSER_CART/${encodeURIComponent(str(item.cart_id))}`,
      );
      toast.success(res.message);
      await queryClient.invalidateQueries({ queryKey: ['cart'] });
    } catch {
      toast.error('Failed to remove item.');
    }
  }

  async function finish(result: PaymentResult) {
    try {
      const res = await recordPayment(result);
      toast.success(res.message);
      await queryClient.invalidateQueries();
      // The subjects screen decides what opens from this list: have it fresh before going there.
      await queryClient.refetchQueries({ queryKey: ['purchased'], type: 'all' });
      navigate('/GetSubject');
    } catch (err) {
      toast.error(
        errorMessage(err, 'Payment recorded, but there was an issue clearing your cart.'),
      );
      await queryClient.invalidateQueries();
    }
  }

  async function checkout() {
    if (busyRef.current || localOrder) return;
    const items = cart.data?.data ?? [];
    if (!items.length || !((cart.data?.total ?? 0) > 0))
      return toast.error(PAYMENT_MESSAGES.emptyCart);
    setBusy(true);
    try {
      const order = await createOrder();
      if (isLocalGateway(order)) {
        setLocalOrder(order);
        return;
      }
      const result = await openRazorpay(order, {
        name: user?.name ?? '',
        email: user?.email ?? '',
      });
      if (result) await finish(result);
    } catch (err) {
      if (err instanceof RazorpayNotLoaded) toast.error(err.message);
      else toast.error(errorMessage(err, 'Failed to initiate payment.'));
    } finally {
      setBusy(false);
    }
  }

  const items = cart.data?.data ?? [];
  return (
    <>
      <PageHeading title="My Cart" />
      {params.get('payment') === 'success' && (
        <p className="notice" role="status">
          Payment successful. Cart updated.
        </p>
      )}
      {cart.isLoading ? (
        <p className="loading">Loading...</p>
      ) : !items.length ? (
        <section className="empty">
          <p>Your cart is empty</p>
          <button type="button" className="btn btn-primary" onClick={() => navigate('/GetBoard')}>
            Add Subjects
          </button>
        </section>
      ) : (
        <div className="cart-layout">
          <ul className="cart-items">
            {items.map((item) => (
              <li key={str(item.cart_id)} className="card cart-item">
                <img
                  src={str(item.subject_image_url) || DEFAULT_IMAGE}
                  alt=""
                  width={120}
                  height={68}
                />
                <div>
                  <h3>{str(item.subject_name)}</h3>
                  <p className="muted small">
                    {str(item.board_name)} · {str(item.class_name)}
                  </p>
                </div>
                <span className="price">{rupee(item.subject_price)}</span>
                <button
                  type="button"
                  className="icon-btn danger"
                  aria-label={`Remove ${str(item.subject_name)}`}
                  onClick={() => remove(item)}
                >
                  <TrashIcon />
                </button>
              </li>
            ))}
          </ul>
          <aside className="card price-details">
            <h2>Price Details</h2>
            <p>
              Subjects: <strong>{items.length}</strong>
            </p>
            <p>
              Total: <strong className="price">{rupee(cart.data?.total ?? 0)}</strong>
            </p>
            <button
              type="button"
              className="btn btn-primary btn-block"
              onClick={checkout}
              disabled={checkingOut}
              aria-busy={checkingOut}
            >
              Checkout
            </button>
          </aside>
        </div>
      )}
      {localOrder && (
        <LocalCheckout
          order={localOrder}
          onCancel={() => setLocalOrder(null)}
          onPay={async () => {
            const order = localOrder;
            setBusy(true);
            setLocalOrder(null);
            try {
              await finish(await payLocally(order.order_id));
            } catch (err) {
              toast.error(errorMessage(err, 'Failed to initiate payment.'));
            } finally {
              setBusy(false);
            }
          }}
        />
      )}
    </>
  );
}

/** `/Payment`. */
export function PaymentPage() {
  const navigate = useNavigate();
  return (
    <section className="empty">
      <h1>Payment successful</h1>
      <p>Your subjects are ready in My Courses.</p>
      <button type="button" className="btn btn-primary" onClick={() => navigate('/MyCourse')}>
        Go to My Courses
      </button>
    </section>
  );
}
