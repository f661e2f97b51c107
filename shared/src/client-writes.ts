import * as z from 'zod/mini';
import { TOPIC_MESSAGES } from './topic-messages.ts';

/*
 * Writes a learner's device may make offline and send later (issue 32 item 5). Each carries an id
 * made on the device; the server accepts each id once, so a retry, a second tab or a replay of the
 * device's queue never counts twice.
 */

/** A UUID as `crypto.randomUUID()` makes it (any version, lower or upper case). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `client_id`: optional; when sent, a UUID made on the device for this one write. */
export const clientIdField = z.optional(
  z
    .string({ error: TOPIC_MESSAGES.clientIdInvalid })
    .check(z.regex(UUID, { error: TOPIC_MESSAGES.clientIdInvalid })),
);

/** How far ahead of the server's clock a device's `at` may be (a phone's clock drifts). */
export const CLIENT_CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * `at`: when the device made the write (ISO 8601), so a position saved offline never moves a
 * newer one back. A time in the future beyond the allowed drift is refused.
 */
export const deviceTimeField = z.optional(
  z.string({ error: TOPIC_MESSAGES.atInvalid }).check(
    z.maxLength(40, { error: TOPIC_MESSAGES.atInvalid }),
    z.refine(
      (v) => {
        const t = Date.parse(v);
        return (
          /^\d{4}-\d{2}-\d{2}T/.test(v) &&
          Number.isFinite(t) &&
          t <= Date.now() + CLIENT_CLOCK_SKEW_MS
        );
      },
      { error: TOPIC_MESSAGES.atInvalid },
    ),
  ),
);

/** How long the server remembers a device-made id (its guard item's TTL). */
export const CLIENT_ID_KEEP_DAYS = 60;
