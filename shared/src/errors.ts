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

/** The body of every error answer. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  details?: ErrorDetail[];
}

/** The body of every success answer. */
export interface SuccessBody<T> {
  message: string;
  data: T;
}
