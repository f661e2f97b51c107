import { LOCAL_RAZORPAY, PAYMENT_MESSAGES, type OrderAnswer } from '@gia/shared';
import { t } from '../../lib/i18n.ts';
import type { PaymentResult } from './api/payments.ts';

const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

export const isLocalGateway = (order: OrderAnswer) => order.key_id === LOCAL_RAZORPAY.keyId;

interface RazorpayInstance {
  open(): void;
  on(event: string, cb: (e: unknown) => void): void;
}
type RazorpayCtor = new (options: Record<string, unknown>) => RazorpayInstance;

let loading: Promise<RazorpayCtor> | undefined;

/** Razorpay Checkout's script, loaded only when a learner checks out. */
function loadRazorpay(): Promise<RazorpayCtor> {
  const existing = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<RazorpayCtor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.async = true;
    script.onload = () => {
      const ctor = (window as unknown as { Razorpay?: RazorpayCtor }).Razorpay;
      if (ctor) resolve(ctor);
      else reject(new Error('no Razorpay'));
    };
    script.onerror = () => reject(new Error('script failed'));
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

export class RazorpayNotLoaded extends Error {
  constructor() {
    super(t('payment.razorpayMissing'));
  }
}

/** Opens Razorpay Checkout for an order; resolves with the payment, or null when dismissed. */
export async function openRazorpay(
  order: OrderAnswer,
  user: { name: string; email: string },
): Promise<PaymentResult | null> {
  let Razorpay: RazorpayCtor;
  try {
    Razorpay = await loadRazorpay();
  } catch {
    throw new RazorpayNotLoaded();
  }
  return new Promise((resolve) => {
    const rzp = new Razorpay({
      key: order.key_id,
      amount: order.amount,
      currency: order.currency,
      order_id: order.order_id,
      name: 'GIA School',
      description: t('payment.description'),
      prefill: { name: user.name, email: user.email },
      theme: { color: '#1e3a8a' },
      handler: (res: PaymentResult) => resolve(res),
      modal: { ondismiss: () => resolve(null) },
    });
    rzp.open();
  });
}

export { PAYMENT_MESSAGES };
