import { registerMessages } from './message-codes.ts';

/**
 * The texts of the answers any route can give, whatever its group (the contract's section 2): the
 * router's, the error classes', the session checks'. Part of `MESSAGES` (codes `app.*`), in
 * a module of their own so that a Lambda function that answers no sign-in or account call bundles
 * these and not the account texts (messages.ts).
 */
export const API_MESSAGES = {
  internal: 'Something went wrong.',
  notFound: 'The requested resource was not found.',
  methodNotAllowed: 'This method is not allowed on this path.',
  notImplemented: 'This feature is not available yet.',
  unauthenticated: 'Please sign in to continue.',
  forbidden: 'You are not allowed to do this.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  unavailable: 'The service is busy right now. Please try again in a moment.',
  /** The edge's answer to a client over its request rate (infra's web firewall). */
  tooManyRequests: 'Too many requests. Please try again later.',
  notReady: 'The service is not ready: storage did not answer in time.',
  csrfHeaderMissing: 'This request must be sent by the GIA School app.',
  invalidCursor: 'Invalid cursor.',
} as const;

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('app', API_MESSAGES);
