import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPaymentRow } from '@gia/shared';
import { call } from '../../../lib/api-call.ts';
import type { ListPage } from '../../../lib/all-pages.ts';

/** Query keys of the admin's Payments screen. */
export const paymentKeys = {
  all: () => ['admin-payments'] as const,
};

/** Payments a page shows before "Load more". */
export const PAYMENTS_PAGE = 20;

/** While a refund waits for Razorpay or its credit note, the list is read again this often. */
const PENDING_REFRESH_MS = 3000;

/** A credit note follows a processed refund within moments; older ones without one never get it. */
const CREDIT_NOTE_WAIT_MS = 2 * 60_000;

/** A refund still moving: waiting for Razorpay, or for its credit note. */
const settling = (row: AdminPaymentRow, now: number) =>
  row.refund?.status === 'pending' ||
  (row.refund?.status === 'processed' &&
    !row.refund.credit_note_number &&
    now - Date.parse(row.refund.processed_at ?? '') < CREDIT_NOTE_WAIT_MS);

const anyPending = (pages: ListPage<'admin.payments.get'>[] | undefined) => {
  const now = Date.now();
  return (pages ?? []).some((p) => p.data.some((row) => settling(row, now)));
};

/** The captured payments, newest first, a page at a time. */
export const usePayments = () =>
  useInfiniteQuery({
    queryKey: paymentKeys.all(),
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      call('admin.payments.get', {
        query: { limit: PAYMENTS_PAGE, cursor: pageParam || undefined },
      }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: (query) => (anyPending(query.state.data?.pages) ? PENDING_REFRESH_MS : false),
  });

/** Refunds a whole payment (Razorpay's payment id). */
export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      call('admin.payments.refund', { body: { payment_id: paymentId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentKeys.all() }),
  });
}
