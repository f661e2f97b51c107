import { API_MESSAGES as MESSAGES } from '@gia/shared/api-messages.ts';
import { ValidationError } from './errors.ts';

/** A list cursor that is not one we handed out: `400`. */
export class InvalidCursorError extends ValidationError {
  constructor() {
    super(MESSAGES.invalidCursor, [{ field: 'cursor', message: MESSAGES.invalidCursor }]);
  }
}

/**
 * Runs a list read. A cursor that is not one we handed out answers `400 Invalid cursor.` with no
 * details, as catalogue lists always have.
 */
export async function mapCursorErrors<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof InvalidCursorError) throw new ValidationError(MESSAGES.invalidCursor);
    throw err;
  }
}
