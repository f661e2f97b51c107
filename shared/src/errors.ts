/** Error codes of the contract (docs/api.md §2), with the HTTP status each one answers. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorDetail {
  field: string;
  message: string;
}

/**
 * What an answer says about a message besides its English (issue 33): the message's stable code
 * (shared/src/message-codes.ts) and, for a message built from values, the values by name.
 */
export interface MessageCoding {
  /** Dotted, lower case, e.g. `learner.cart_duplicate`; `<kind>.generic` for an uncatalogued text. */
  message_code: string;
  /** A template's values by parameter name, e.g. `{subject: "Physics"}`. */
  message_params?: Record<string, string>;
}

/** A problem with one field of a request, as an error answer lists it. */
export type ErrorBodyDetail = ErrorDetail & MessageCoding;

/** The body of every error answer: `code` is the kind, `message_code` names the message. */
export interface ErrorBody extends MessageCoding {
  message: string;
  code: ErrorCode;
  details?: ErrorBodyDetail[];
}

/** The body of every success answer. */
export interface SuccessBody<T> {
  message: string;
  data: T;
}
