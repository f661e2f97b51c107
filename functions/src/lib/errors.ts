import type { ErrorCode, ErrorDetail } from '@gia/shared';
import { API_MESSAGES as MESSAGES, ERROR_STATUS } from '@gia/shared';

/** Base of every error that is meant to reach the caller. Anything else answers a plain 500. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetail[];
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: ErrorDetail[]) {
    super('VALIDATION_FAILED', message, { details });
  }
}
export class UnauthenticatedError extends AppError {
  constructor(message: string = MESSAGES.unauthenticated) {
    super('UNAUTHENTICATED', message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string = MESSAGES.forbidden) {
    super('FORBIDDEN', message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = MESSAGES.notFound) {
    super('NOT_FOUND', message);
  }
}
export class MethodNotAllowedError extends AppError {
  constructor(allowed: string[]) {
    super('METHOD_NOT_ALLOWED', MESSAGES.methodNotAllowed, {
      headers: { allow: allowed.join(', ') },
    });
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor() {
    super('PAYLOAD_TOO_LARGE', MESSAGES.payloadTooLarge);
  }
}
export class RateLimitedError extends AppError {
  constructor(message: string, retryAfterSeconds?: number) {
    super('RATE_LIMITED', message, {
      headers: retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : undefined,
    });
  }
}
export class NotImplementedError extends AppError {
  constructor() {
    super('NOT_IMPLEMENTED', MESSAGES.notImplemented);
  }
}
export class UnavailableError extends AppError {
  constructor(message: string) {
    super('UNAVAILABLE', message);
  }
}
