import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPaymentRow } from '@gia/shared';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { useToasts } from '../../components/toast.tsx';
import { PaymentsPage } from './payments-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const paid: AdminPaymentRow = {
  id: 'row1',
  payment_id: 'pay_new1',
  order_id: 'order_1',
  user_id: 'u1',
  learner_name: 'Kavya Rao',
  learner_email: 'kavya@example.in',
  subjects: [
    { subject_id: 's1', subject_name: 'Physics' },
    { subject_id: 's2', subject_name: 'Biology' },
  ],
  payment_amount: 450.5,
  paid_at: '2026-11-25T10:00:00.000Z',
  invoice_number: 'GIA/26-27/000007',
  refund: null,
};
const refunded: AdminPaymentRow = {
  ...paid,
  id: 'row0',
  payment_id: 'pay_old0',
  learner_name: 'Arjun Mehta',
  learner_email: 'arjun@example.in',
  subjects: [{ subject_id: 's3', subject_name: 'Chemistry' }],
  payment_amount: 300,
  invoice_number: 'GIA/26-27/000006',
  refund: {
    refund_id: 'rfnd_1',
    amount: 30_000,
    status: 'processed',
    requested_at: '2026-11-24T10:00:00.000Z',
    processed_at: '2026-11-24T10:01:00.000Z',
    credit_note_number: 'GCN/26-27/000002',
  },
};
const older: AdminPaymentRow = { ...paid, id: 'row9', payment_id: 'pay_older9', refund: null };

afterEach(() => vi.unstubAllGlobals());

function showPage() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <PaymentsPage />
        <ConfirmDialog />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Payments screen', () => {
  it('lists each payment with its learner, subjects, total, invoice and state, and pages on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        const url = new URL(String(path), 'http://x');
        if (url.pathname.endsWith('/getPayments'))
          return url.searchParams.get('cursor') === 'next'
            ? json(200, { message: 'Payments loaded', data: [older], next_cursor: null })
            : json(200, {
                message: 'Payments loaded',
                data: [paid, refunded],
                next_cursor: 'next',
              });
        return json(404, { message: 'Not found.' });
      }),
    );
    showPage();

    const card = within(await screen.findByRole('listitem', { name: 'pay_new1' }));
    expect(card.getByText('Kavya Rao')).toBeTruthy();
    expect(card.getByText('kavya@example.in')).toBeTruthy();
    expect(card.getByText('Physics')).toBeTruthy();
    expect(card.getByText('Biology')).toBeTruthy();
    expect(card.getByText('₹450.50')).toBeTruthy();
    expect(card.getByText('GIA/26-27/000007')).toBeTruthy();
    expect(card.getByText('Captured')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Refund' })).toBeTruthy();
    const done = within(screen.getByRole('listitem', { name: 'pay_old0' }));
    expect(
      done.getByText(/Refunded ₹300 on 24\/11\/2026 · Credit note GCN\/26-27\/000002/),
    ).toBeTruthy();
    expect(done.queryByRole('button', { name: 'Refund' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('listitem', { name: 'pay_older9' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('refunds a payment only after the admin confirms, and then shows it pending', async () => {
    const refunds: unknown[] = [];
    let current = paid;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        if (String(path).includes('/refundPayment')) {
          refunds.push(JSON.parse(String(init?.body)));
          current = {
            ...paid,
            refund: {
              refund_id: 'rfnd_2',
              amount: 45_050,
              status: 'pending',
              requested_at: '2026-11-26T10:00:00.000Z',
            },
          };
          return json(200, {
            message: 'Refund requested. It completes when Razorpay confirms it.',
            data: current.refund,
          });
        }
        if (String(path).includes('/getPayments'))
          return json(200, { message: 'Payments loaded', data: [current], next_cursor: null });
        return json(404, { message: 'Not found.' });
      }),
    );
    showPage();
    const refund = await screen.findByRole('button', { name: 'Refund' });

    // Cancelled: nothing is sent.
    fireEvent.click(refund);
    const ask = await screen.findByRole('dialog');
    expect(ask.textContent).toContain('Refund ₹450.50 to Kavya Rao?');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(refunds).toEqual([]);

    fireEvent.click(refund);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText('Refund pending Razorpay’s confirmation')).toBeTruthy();
    expect(refunds).toEqual([{ payment_id: 'pay_new1' }]);
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('shows the server’s reason when a refund is refused', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        if (String(path).includes('/refundPayment'))
          return json(409, { message: 'This payment is already refunded.' });
        if (String(path).includes('/getPayments'))
          return json(200, { message: 'Payments loaded', data: [paid], next_cursor: null });
        return json(404, { message: 'Not found.' });
      }),
    );
    useToasts.setState({ toasts: [] });
    showPage();

    fireEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

    // On the payment's card, where the admin is looking, and not as a passing toast.
    const card = screen.getByRole('listitem', { name: paid.payment_id });
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'This payment is already refunded.',
    );
    expect(useToasts.getState().toasts).toEqual([]);
  });
});
