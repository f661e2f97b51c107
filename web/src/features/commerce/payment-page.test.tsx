import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOICE_POLL_MS } from '../../lib/purchases-api.ts';
import { useSession } from '../../lib/session.ts';
import { MyCoursePage } from './my-courses-page.tsx';
import { PaymentPage } from './payment-page.tsx';
import { signInForTest } from '../../test/session.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const maths = {
  subject_id: 's-maths',
  subject_name: 'Mathematics',
  subject_image_url: '',
  class_id: 'c-10',
  class_name: 'Class 10',
  board_id: 'b-cbse',
  board_name: 'CBSE',
  owned: true,
  topics_total: 12,
  topics_watched: 3,
  last: { chapter_id: 'ch-2', topic_id: 't-7', topic_name: 'Quadratic equations' },
  first: { chapter_id: 'ch-1', topic_id: 't-1', topic_name: 'Real numbers' },
};
const science = {
  ...maths,
  subject_id: 's-science',
  subject_name: 'Science',
  topics_watched: 0,
  topics_total: 1,
  last: null,
  first: { chapter_id: 'ch-9', topic_id: 't-90', topic_name: 'Light' },
};
const empty = {
  ...maths,
  subject_id: 's-art',
  subject_name: 'Art',
  topics_total: 0,
  topics_watched: 0,
  last: null,
  first: null,
};
const payment = {
  id: 'p-1',
  order_id: 'order_42',
  transaction_id: 'pay_77',
  payment_amount: 948,
  payment_status: 'captured',
  paid_at: '2026-11-23T10:15:00.000Z',
  subjects: [
    { ...maths, subject_price: 499 },
    { ...science, subject_price: 449 },
  ],
};

const PRICING = {
  subtotal: 94800,
  discount: 0,
  taxable: 80339,
  tax: { cgst: 7230, sgst: 7231, igst: 0 },
  total: 94800,
  rate_percent: 18,
  coupon: null,
};

let answers: Record<string, () => Response>;

beforeEach(() => {
  signInForTest();
  answers = {
    getCourseProgress: () => json(200, { data: [maths, science, empty] }),
    getpayment_history: () => json(200, { data: [payment] }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const name = String(path).split('/').pop()?.split('?')[0] ?? '';
      return answers[name]?.() ?? json(404, { message: 'Not found.', code: 'NOT_FOUND' });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ isAuthenticated: false, role: null });
});

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

const renderAt = (url: string) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/MyCourse" element={<MyCoursePage />} />
          <Route path="/Payment" element={<PaymentPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

// The first test of the file also pays for loading the pages: room for a busy machine.
describe('My Courses', { timeout: 20_000 }, () => {
  it('shows each subject’s progress and continues at the last lesson watched', async () => {
    renderAt('/MyCourse');
    const bar = await screen.findByRole('progressbar', { name: 'Mathematics: lessons watched' });
    expect(bar.getAttribute('aria-valuetext')).toBe('3 of 12 lessons');
    expect(screen.getByText('3 of 12 lessons')).toBeTruthy();
    expect(screen.getByText('0 of 1 lesson')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'Continue Mathematics' }).getAttribute('href')).toBe(
      '/GetTopic?chapter=ch-2&topic=t-7',
    );
    expect(screen.getByRole('link', { name: 'Start Science' }).getAttribute('href')).toBe(
      '/GetTopic?chapter=ch-9&topic=t-90',
    );
    // No lessons yet: no progress bar, and Start opens the subject's sub-subjects.
    expect(screen.getByText('No lessons yet')).toBeTruthy();
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Start Art' }).getAttribute('href')).toBe(
      '/GetSubSubject?subject=s-art',
    );
  });

  it('says a failed load failed, with Try again, not that nothing was bought', async () => {
    answers.getCourseProgress = () => json(500, { message: 'Something went wrong.' });
    renderAt('/MyCourse');
    expect((await screen.findByRole('alert')).textContent).toContain(
      "We couldn't load your courses.",
    );
    expect(screen.queryByText('You have not purchased any Course')).toBeNull();

    answers.getCourseProgress = () => json(200, { data: [] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not purchased any Course')).toBeTruthy();
  });
});

describe('the order confirmation', () => {
  it('shows the receipt of the order and Start learning for each subject', async () => {
    renderAt('/Payment?order=order_42');
    expect(screen.getByRole('heading', { name: 'Payment successful' })).toBeTruthy();
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    const text = receipt.textContent ?? '';
    for (const part of ['order_42', 'pay_77', 'Mathematics', 'Class 10 · CBSE', '₹499', '₹948'])
      expect(text).toContain(part);
    expect(
      within(receipt)
        .getByRole('link', { name: 'Start learning Mathematics' })
        .getAttribute('href'),
    ).toBe('/GetTopic?chapter=ch-2&topic=t-7');
    expect(
      within(receipt).getByRole('link', { name: 'Start learning Science' }).getAttribute('href'),
    ).toBe('/GetTopic?chapter=ch-9&topic=t-90');
    expect(screen.getByRole('link', { name: 'My Courses' }).getAttribute('href')).toBe('/MyCourse');
  });

  it('says the tax invoice is being prepared, reads the payment again, then offers the PDF', async () => {
    const priced = { ...payment, pricing: PRICING };
    let reads = 0;
    answers.getpayment_history = () => {
      reads += 1;
      return json(200, {
        data: [
          reads < 2
            ? priced
            : {
                ...priced,
                invoice_number: 'GIA/26-27/000042',
                invoice_url: '/media/private/invoices/u/GIA-26-27-000042.pdf?X-Amz-Signature=s',
              },
        ],
      });
    };
    renderAt('/Payment?order=order_42');
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    expect(within(receipt).getByRole('status').textContent).toBe(
      'Your tax invoice is being prepared.',
    );
    expect(within(receipt).queryByRole('link', { name: /Download invoice/ })).toBeNull();

    const invoice = await within(receipt).findByRole(
      'link',
      { name: 'Download invoice GIA/26-27/000042' },
      { timeout: INVOICE_POLL_MS + 3000 },
    );
    expect(invoice.getAttribute('href')).toBe(
      '/media/private/invoices/u/GIA-26-27-000042.pdf?X-Amz-Signature=s',
    );
    expect(reads).toBe(2);
    expect(screen.queryByText('Your tax invoice is being prepared.')).toBeNull();
  });

  it('stops reading the payment again once the invoice is there', async () => {
    let reads = 0;
    answers.getpayment_history = () => {
      reads += 1;
      return json(200, {
        data: [
          {
            ...payment,
            pricing: PRICING,
            invoice_number: 'GIA/26-27/000042',
            invoice_url: '/media/private/invoices/u/GIA-26-27-000042.pdf',
          },
        ],
      });
    };
    renderAt('/Payment?order=order_42');
    await screen.findByRole('link', { name: 'Download invoice GIA/26-27/000042' });
    await new Promise((resolve) => setTimeout(resolve, INVOICE_POLL_MS + 500));
    expect(reads).toBe(1);
  });

  it('promises no invoice for an order priced before invoices existed', async () => {
    renderAt('/Payment?order=order_42');
    await screen.findByRole('region', { name: 'Receipt' });
    expect(screen.queryByText(/tax invoice/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Download invoice/ })).toBeNull();
  });

  it('tells a payment that bought nothing (its coupon was used up) as received and to refund, not as a purchase', async () => {
    answers.getpayment_history = () =>
      json(200, {
        data: [
          {
            ...payment,
            payment_status: 'refused',
            subjects: [],
            pricing: { ...PRICING, discount: 9480, coupon: { code: 'ONCE50', discount: 9480 } },
            refund_amount: 948,
            refund_reason: 'coupon_used_up',
          },
        ],
      });

    renderAt('/Payment?order=order_42');

    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment received');
    expect(screen.queryByText(/You now own/)).toBeNull();
    expect(
      screen.getByText('Nothing was bought with this payment. It will be refunded in full.'),
    ).toBeTruthy();
    // What was charged stays on the receipt, without a tax breakdown for a sale that did not happen.
    expect(receipt.textContent).toContain('₹948');
    expect(receipt.textContent).not.toContain('CGST');
  });

  it('says so when the order is not among the learner’s payments', async () => {
    renderAt('/Payment?order=order_other');
    expect(
      await screen.findByText('We could not find this order among your payments.'),
    ).toBeTruthy();
  });

  it('keeps the legacy screen without an order id', () => {
    renderAt('/Payment');
    expect(screen.getByText('Your subjects are ready in My Courses.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to My Courses' }));
    expect(screen.getByRole('heading', { name: 'My Courses' })).toBeTruthy();
  });
});
