/** When reconciliation asks Razorpay about an unpaid order (checkout sets the first check). */

/** Reconciliation first asks Razorpay about an unpaid order this long after its creation. */
export const FIRST_CHECK_AFTER_MS = 15 * 60_000;

/** Then again after 5, 10, 20, 20… minutes (back-off), and once more when it expires. */
export const recheckAfterMs = (checks: number) =>
  Math.min(5 * 2 ** Math.max(checks - 1, 0), 20) * 60_000;
