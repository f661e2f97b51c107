import { LOCAL_RAZORPAY, PAYMENT_MESSAGES, type OrderAnswer } from '@gia/shared';
import { api } from '../../lib/api-client.ts';

const L = '/api/v1/classuser/data';
const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

export interface PaymentResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** Starts a payment for the whole cart; the server decides the amount. */
export const createOrder = async () =>
  (await api<{ data: OrderAnswer }>('POST', `${L}/processPayment`, { body: {} })).data;

/** Reports a completed payment; the server verifies and grants. */
export const recordPayment = (result: PaymentResult) =>
  api<{ message: string }>('POST', `${L}/insertpayment_hsitory`, { body: result });

/** The local stack's test gateway "pays" an order as Razorpay would. */
export const payLocally = (orderId: string) =>
  api<PaymentResult>('POST', '/api/local/razorpay/pay', { body: { order_id: orderId } });

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
    super('Razorpay is not loaded properly. Please try again.');
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
      description: 'Course purchase',
      prefill: { name: user.name, email: user.email },
      theme: { color: '#1e3a8a' },
      handler: (res: PaymentResult) => resolve(res),
      modal: { ondismiss: () => resolve(null) },
    });
    rzp.open();
  });
}

export { PAYMENT_MESSAGES };
