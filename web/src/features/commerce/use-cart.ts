import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { CartItem, OrderAnswer } from '@gia/shared';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { t } from '../../lib/i18n.ts';
import { invalidateOwned, purchaseKeys } from '../../lib/purchases-api.ts';
import { links } from '../../lib/links.ts';
import { useSession } from '../../lib/session.ts';
import { cartKeys, useCartItems, useRemoveFromCart } from './api/cart.ts';
import { createOrder, payLocally, recordPayment, type PaymentResult } from './api/payments.ts';
import { isLocalGateway, openRazorpay, RazorpayNotLoaded } from './checkout.ts';
import { serverText } from '../../lib/server-text.ts';

/**
 * The cart screen's state: the items, removing one, and checking out through Razorpay or the
 * local test gateway — one order at a time, however fast the learner clicks.
 */
export function useCart() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSession((s) => s.user);
  const cart = useCartItems();
  const removeItem = useRemoveFromCart();
  const [localOrder, setLocalOrder] = useState<OrderAnswer | null>(null);
  const [busy, setBusyState] = useState(false);
  // A second click can land before React re-renders the disabled button: the ref sees it.
  const busyRef = useRef(false);
  const setBusy = (value: boolean) => {
    busyRef.current = value;
    setBusyState(value);
  };

  const items = cart.data?.data ?? [];
  const total = cart.data?.total ?? 0;

  async function remove(item: CartItem) {
    try {
      toast.success(serverText(await removeItem.mutateAsync(item.cart_id)));
    } catch {
      toast.error(t('cart.removeFailed'));
    }
  }

  /** After a payment whose answer did not arrive: the cart and what the learner owns, again. */
  const refreshAfterPayment = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: cartKeys.all() }),
      invalidateOwned(queryClient),
    ]);

  async function finish(result: PaymentResult) {
    try {
      const res = await recordPayment(result);
      toast.success(serverText(res));
      // A payment changes the cart and what the learner owns: its answer carries the cart as it
      // left it and the subjects owned now (what opens depends on them), so the confirmation
      // opens without reading them again (issue 30). The rest that depends on what the learner
      // owns (the receipts among it) is read again.
      queryClient.setQueryData(cartKeys.all(), { message: res.message, ...res.cart });
      queryClient.setQueryData(purchaseKeys.subjects(), res.purchases);
      void invalidateOwned(queryClient, [purchaseKeys.subjects()]);
      navigate(links.payment(result.razorpay_order_id));
    } catch (err) {
      toast.error(errorMessage(err, t('cart.clearFailed')));
      await refreshAfterPayment();
    }
  }

  /** `state`: the learner's state chosen in the cart, sent with the order. */
  async function checkout(state?: string) {
    if (busyRef.current || localOrder) return;
    if (!items.length || !(total > 0)) return toast.error(t('cart.emptyOrInvalid'));
    setBusy(true);
    try {
      const order = await createOrder(state);
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
      else toast.error(errorMessage(err, t('payment.startFailed')));
    } finally {
      setBusy(false);
    }
  }

  /** The local test gateway's 'Pay': the order leaves its dialog and is paid and recorded. */
  async function payLocalOrder() {
    const order = localOrder;
    if (!order) return;
    setBusy(true);
    setLocalOrder(null);
    try {
      await finish(await payLocally(order.order_id));
    } catch (err) {
      toast.error(errorMessage(err, t('payment.startFailed')));
    } finally {
      setBusy(false);
    }
  }

  return {
    cart,
    items,
    total,
    remove,
    checkout,
    // No second order while one is being created, paid in a checkout dialog, or recorded.
    checkingOut: busy || localOrder !== null,
    localOrder,
    payLocalOrder,
    cancelLocalOrder: () => setLocalOrder(null),
  };
}
