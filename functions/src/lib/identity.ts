import { LEARNER_MESSAGES } from '@gia/shared';
import { ForbiddenError } from './errors.ts';
import { caller, type ApiRequest } from './http.ts';

/**
 * The caller's user id. A `user_id` in the query or body is optional; when given it must be the
 * caller's own, else 403.
 */
export function learnerId(req: ApiRequest): string {
  const me = caller(req).userId;
  const body =
    req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
  for (const claimed of [req.query.user_id, body.user_id]) {
    if (claimed !== undefined && claimed !== '' && claimed !== me) {
      throw new ForbiddenError(LEARNER_MESSAGES.otherUser);
    }
  }
  return me;
}
