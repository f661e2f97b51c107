import { SIGNUP_LIMITS } from '@gia/shared/messages.ts';
import { ApiError, errorMessage } from './api-client.ts';
import { serverText } from './server-text.ts';
import { t } from './i18n.ts';

/** One problem of a refused request: the field it is about (`(body)`: the whole) and its text. */
export interface Problem {
  field: string;
  message: string;
}

/**
 * Where a refused save's problems show: each of the server's problems (a 400's `details`, or a
 * 4xx's one message) under the form field it is about, the first per field; the rest as the
 * form's general message, and an unexpected failure as `fallback`.
 *
 * `place` names the form field of a problem when it is not the server's field name
 * (`amount_paise` → `amount`, or a whole-body problem by its message).
 */
export function fieldProblems<F extends string>(
  err: unknown,
  fields: readonly F[],
  fallback: string,
  place: (problem: Problem) => string = (p) => p.field,
): { errors: Partial<Record<F, string>>; general?: string } {
  if (!(err instanceof ApiError) || err.status >= 500)
    return { errors: {}, general: errorMessage(err, fallback) };
  const problems = err.details?.length
    ? err.details
    : [{ field: '(body)', message: err.message, ...err.coding }];
  const errors: Partial<Record<F, string>> = {};
  let general: string | undefined;
  for (const p of problems) {
    const at = place(p);
    const field = fields.find((f) => at === f || at.startsWith(`${f}.`));
    if (field) errors[field] ??= serverText(p);
    else general ??= serverText(p);
  }
  return general ? { errors, general } : { errors };
}

/**
 * The password rule of the contract (`PASSWORD_RULE_MESSAGE`) in the learner's language: shown
 * under a new password before it is sent, and as its problem when it does not keep the rule.
 */
export const passwordRule = () =>
  t('common.account.passwordRule', { min: SIGNUP_LIMITS.passwordMin });
