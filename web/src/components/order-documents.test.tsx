import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PaymentHistoryRow } from '@gia/shared';
import { OrderDocuments } from './order-documents.tsx';

const paid: PaymentHistoryRow = {
  id: 'h1',
  order_id: 'order_1',
  transaction_id: 'pay_1',
  payment_amount: 150,
  payment_status: 'captured',
  paid_at: '2026-11-27T10:00:00.000Z',
  subjects: [],
};

describe('OrderDocuments', () => {
  it('tells a learner whose late payment found the coupon used up that nothing was bought and all is refunded', () => {
    render(
      <OrderDocuments
        row={{
          ...paid,
          payment_status: 'refused',
          refund_amount: 150,
          refund_reason: 'coupon_used_up',
        }}
      />,
    );

    expect(screen.getByRole('status').textContent).toBe(
      'Refund due: ₹150. Nothing was bought: the coupon was used up before this payment arrived.',
    );
  });

  it('shows nothing for a payment with no invoice, refund or refusal', () => {
    const { container } = render(<OrderDocuments row={paid} />);

    expect(container.textContent).toBe('');
  });
});
