import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../components/toast.tsx';
import { chooseLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { signInForTest } from '../../test/session.ts';
import { newQueryClient } from '../../app/app.tsx';
import { purchaseKeys } from '../../lib/purchases-api.ts';
import { cartKeys } from './api/cart.ts';
import { CartPage } from './cart-page.tsx';
import { PaymentPage } from './payment-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const cart = {
  message: 'Cart items',
  data: [
    {
      cart_id: 'c1',
      subject_id: 's1',
      subject_name: 'Physics',
      subject_price: 300,
      board_name: 'CBSE',
      class_name: 'Class 8',
    },
  ],
  total: 300,
  subtotal: 300,
  discount: 0,
  tax: null,
  gst_rate_percent: null,
  coupon: null,
  buyer_state: null,
};
const order = { order_id: 'order_1', amount: 30000, currency: 'INR', key_id: 'rzp_test_local' };

/** A server whose processPayment answers only when the test says so. */
function stubServer() {
  let answerOrder: () => void = () => undefined;
  const orderAnswered = new Promise<void>((resolve) => (answerOrder = resolve));
  const fetchMock = vi.fn(async (path: string) => {
    if (path.endsWith('/getUSER_CART')) return json(200, cart);
    if (path.endsWith('/processPayment')) {
      await orderAnswered;
      return json(200, { message: 'Order created', data: order });
    }
    return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  const orderCalls = () =>
    fetchMock.mock.calls.filter(([path]) => String(path).endsWith('/processPayment')).length;
  return { answerOrder, orderCalls };
}

const renderCart = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <CartPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ isAuthenticated: false, role: null });
  useToasts.setState({ toasts: [] });
});

describe('checking out the cart', () => {
  it('creates one order for a double click and keeps Checkout disabled while that order is open', async () => {
    const server = stubServer();
    renderCart();
    const checkoutButton = await screen.findByRole('button', { name: 'Checkout' });

    act(() => {
      checkoutButton.click();
      checkoutButton.click();
    });
    expect((checkoutButton as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(checkoutButton);

    await act(async () => server.answerOrder());
    expect((await screen.findByRole('dialog', { name: 'Test checkout' })).textContent).toContain(
      'Amount: ₹300',
    );
    expect(server.orderCalls()).toBe(1);
    // The order is open in the checkout dialog: no second one from the page behind it.
    expect((checkoutButton as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(checkoutButton);
    expect(server.orderCalls()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((checkoutButton as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('after a payment', () => {
  it('shows the cart the payment answered and opens the receipt, reading neither the cart nor the purchases again', async () => {
    const paid = {
      razorpay_order_id: 'order_1',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    };
    const receipt = {
      id: 'p1',
      order_id: 'order_1',
      transaction_id: 'pay_1',
      payment_amount: 300,
      payment_status: 'captured',
      paid_at: '2026-11-29T07:00:00.000Z',
      subjects: [{ subject_id: 's1', subject_name: 'Physics', subject_price: 300 }],
    };
    const fetchMock = vi.fn(async (path: string) => {
      if (path.endsWith('/getUSER_CART')) return json(200, cart);
      if (path.endsWith('/processPayment'))
        return json(200, { message: 'Order created', data: order });
      if (path.endsWith('/razorpay/pay')) return json(200, paid);
      if (path.endsWith('/insertpayment_hsitory')) {
        return json(200, {
          message: 'Payment successful. Cart cleared.',
          cart: { ...cart, data: [], total: 0, subtotal: 0 },
          purchases: [{ subject_id: 's1', subject_name: 'Physics' }],
        });
      }
      if (path.endsWith('/getpayment_history'))
        return json(200, { message: 'ok', data: [receipt] });
      if (path.endsWith('/getCourseProgress')) return json(200, { message: 'ok', data: [] });
      return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const calls = (suffix: string) =>
      fetchMock.mock.calls.filter(([path]) => String(path).endsWith(suffix)).length;
    signInForTest();
    const client = newQueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <Routes>
            <Route path="/" element={<CartPage />} />
            <Route path="/Payment" element={<PaymentPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test checkout' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText(/^You now own Physics\./)).toBeTruthy();
    expect(screen.getByText('pay_1')).toBeTruthy();
    expect(client.getQueryData(cartKeys.all())).toMatchObject({ data: [], total: 0 });
    expect(client.getQueryData(purchaseKeys.subjects())).toEqual([
      { subject_id: 's1', subject_name: 'Physics' },
    ]);
    expect(calls('/insertpayment_hsitory')).toBe(1);
    expect(calls('/getUSER_CART')).toBe(1);
    expect(calls('/getsubjects_purchased')).toBe(0);
    expect(calls('/getpayment_history')).toBe(1);
  });
});

describe('the cart when it has nothing to show', () => {
  it('says the cart could not be loaded, with Try again, not that it is empty', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        fail
          ? json(500, { message: 'Internal server error.', code: 'INTERNAL' })
          : json(200, { message: 'Cart items', data: [], total: 0 }),
      ),
    );
    renderCart();
    expect((await screen.findByRole('alert')).textContent).toContain(
      "We couldn't load your cart items.",
    );
    expect(screen.queryByText('Your cart is empty')).toBeNull();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
  });

  it('suggests browsing the boards when the cart is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { message: 'Cart items', data: [], total: 0 })),
    );
    renderCart();
    const link = await screen.findByRole('link', { name: 'Add Subjects' });
    expect(link.getAttribute('href')).toBe('/GetBoard');
  });
});

describe('the price details', () => {
  /** A cart with GST: the server answers a coupon, the state, and the order. */
  function sellingServer() {
    let current = {
      ...cart,
      tax: { cgst: 22.88, sgst: 22.88, igst: 0 },
      gst_rate_percent: 18,
    } as Record<string, unknown>;
    const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
      if (path.endsWith('/getUSER_CART')) return json(200, current);
      if (path.endsWith('/applyCoupon')) {
        if (body.code !== 'DIWALI10')
          return json(404, { message: 'This coupon code is not valid.', code: 'NOT_FOUND' });
        current = {
          ...current,
          discount: 30,
          total: 270,
          tax: { cgst: 20.59, sgst: 20.6, igst: 0 },
          coupon: { code: 'DIWALI10', discount: 30, problem: null },
        };
        return json(200, { message: 'Coupon applied.', ...current });
      }
      if (path.endsWith('/updateUserState')) {
        current = { ...current, buyer_state: body.state, tax: { cgst: 0, sgst: 0, igst: 41.19 } };
        return json(200, { message: 'Your state is saved.', data: {} });
      }
      if (path.endsWith('/processPayment'))
        return json(200, { message: 'Order created', data: { ...order, amount: 27000 } });
      return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
    });
    vi.stubGlobal('fetch', fetchMock);
    return {
      calls: (suffix: string) =>
        fetchMock.mock.calls.filter(([path]) => String(path).endsWith(suffix)),
    };
  }

  it('applies a coupon: the reason under the field when refused, the discount and new total when taken', async () => {
    sellingServer();
    renderCart();
    const field = await screen.findByLabelText('Coupon code');

    fireEvent.change(field, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This coupon code is not valid.');
    expect(field.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field, { target: { value: 'DIWALI10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const details = await screen.findByRole('complementary', { name: 'Price Details' });
    await screen.findByText('DIWALI10');
    expect(details.textContent).toContain('Discount: −₹30');
    expect(details.textContent).toContain('Total: ₹270');
    expect(details.textContent).toContain('CGST ₹20.59 + SGST ₹20.60');
  });

  it('asks for the learner’s state before the order, then splits the GST by it', async () => {
    const server = sellingServer();
    renderCart();
    fireEvent.click(await screen.findByRole('button', { name: 'Checkout' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please choose your state: it decides the GST on your invoice.',
    );
    expect(server.calls('/processPayment')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Your state (for the GST invoice)'), {
      target: { value: '07' },
    });
    expect(await screen.findByText('IGST ₹41.19')).toBeTruthy();
    expect(JSON.parse(String(server.calls('/updateUserState')[0]![1]!.body))).toEqual({
      state: '07',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect((await screen.findByRole('dialog', { name: 'Test checkout' })).textContent).toContain(
      'Amount: ₹270',
    );
  });
});

describe('the cart in Kannada', () => {
  afterEach(async () => {
    await chooseLanguage('en');
  });

  it('names the cart, its prices in lakhs and the state it asks for in Kannada', async () => {
    await chooseLanguage('kn');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(200, {
          ...cart,
          data: [{ ...cart.data[0], subject_price: 125000 }],
          subtotal: 125000,
          total: 125000,
          tax: { cgst: 9533.9, sgst: 9533.9, igst: 0 },
          gst_rate_percent: 18,
        }),
      ),
    );
    renderCart();

    const details = await screen.findByRole('complementary', { name: 'ಬೆಲೆಯ ವಿವರಗಳು' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ನನ್ನ ಕಾರ್ಟ್');
    expect(details.textContent).toContain('ಒಟ್ಟು: ₹1,25,000');
    expect(details.textContent).toContain('GST (18%) ಸೇರಿದೆ');
    expect(screen.getByRole('button', { name: 'Physics ತೆಗೆದುಹಾಕಿ' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'ಚೆಕ್‌ಔಟ್' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ದಯವಿಟ್ಟು ನಿಮ್ಮ ರಾಜ್ಯ ಆಯ್ಕೆಮಾಡಿ: ನಿಮ್ಮ ಇನ್‌ವಾಯ್ಸ್‌ನ GST ಅದರಿಂದ ನಿರ್ಧಾರವಾಗುತ್ತದೆ.',
    );
  });
});
