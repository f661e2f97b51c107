import type * as z from 'zod/mini';
import { ValidationError } from './errors.ts';

/**
 * Parses input with a shared schema. A failure is a `400 VALIDATION_FAILED` whose message is the
 * first problem's user-facing text and whose details list every problem by field.
 */
export function parse<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
  throw new ValidationError(details[0]?.message ?? 'Invalid input.', details);
}
