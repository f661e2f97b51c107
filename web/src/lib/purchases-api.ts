import { hashKey, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { PaymentHistoryRow } from '@gia/shared';
import { call } from './api-call.ts';
import { useHasSession } from './session.ts';

/*
 * What the learner owns. The catalogue (which subjects open), the favourites and My Courses all
 * read it, and a payment refreshes it: one query, shared here.
 */

/**
 * Marks a query whose answer depends on what the learner owns (locked topics, signed videos,
 * entitlement to reviews and questions): a completed payment refreshes exactly these.
 */
export const DEPENDS_ON_PURCHASES = { dependsOnPurchases: true } as const;

/**
 * After a payment: everything that depends on what the learner owns is out of date, but for the
 * queries whose fresh answer is already set (`fresh`, their keys).
 */
export const invalidateOwned = (queryClient: QueryClient, fresh: QueryKey[] = []) => {
  const kept = new Set(fresh.map((key) => hashKey(key)));
  return queryClient.invalidateQueries({
    predicate: (q) => q.meta?.dependsOnPurchases === true && !kept.has(q.queryHash),
  });
};

/** Query keys of the learner's purchases. */
export const purchaseKeys = {
  subjects: () => ['purchased'] as const,
};

/** The signed-in learner's purchased subjects (empty for a visitor). */
export const usePurchased = () =>
  useQuery({
    queryKey: purchaseKeys.subjects(),
    enabled: useHasSession('learner'),
    meta: DEPENDS_ON_PURCHASES,
    queryFn: async () => (await call('purchases.getsubjects_purchased')).data,
  });

/** Query keys of the learner's progress and receipts (both change with a payment). */
export const progressKeys = {
  courses: () => ['course-progress'] as const,
  payments: () => ['payment-history'] as const,
};

/** How far the learner is in each subject they can open (My Courses' Continue / Start). */
export const useCourseProgress = () =>
  useQuery({
    queryKey: progressKeys.courses(),
    // Lessons watched since the last visit count at once.
    staleTime: 0,
    enabled: useHasSession('learner'),
    meta: DEPENDS_ON_PURCHASES,
    queryFn: async () => (await call('purchases.getCourseProgress')).data,
  });

/** How often the receipt reads the payments again while its invoice is being made. */
export const INVOICE_POLL_MS = 2000;

/**
 * Whether a payment's tax invoice is still to come: it was priced (orders before issue 18 get
 * none), captured, and the invoice function has not stored its PDF yet.
 */
export const invoicePending = (row: PaymentHistoryRow | undefined) =>
  Boolean(row?.pricing && !row.invoice_url && row.payment_status === 'captured');

/**
 * The learner's payments (receipts), newest first. With `awaitInvoiceOf` (an order id) they are
 * read again every {@link INVOICE_POLL_MS} while that order's tax invoice is being made (the
 * invoice function issues it a moment after the payment).
 */
export const usePaymentHistory = (awaitInvoiceOf?: string | null) =>
  useQuery({
    queryKey: progressKeys.payments(),
    enabled: useHasSession('learner'),
    meta: DEPENDS_ON_PURCHASES,
    queryFn: async () => (await call('purchases.getpayment_history')).data,
    refetchInterval: (query) =>
      awaitInvoiceOf && invoicePending(query.state.data?.find((r) => r.order_id === awaitInvoiceOf))
        ? INVOICE_POLL_MS
        : false,
  });
