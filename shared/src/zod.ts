import * as z from 'zod/mini';

/**
 * `zod/mini` has no `preprocess`: this is the same thing, a transform of the raw input piped into
 * the schema that validates it. Shared schemas use `zod/mini` so that each function bundles only
 * the validators it calls (the full `zod` import weighs about 440 KB minified).
 */
export const preprocess = <S extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: S) =>
  z.pipe(z.transform(fn), schema);

/** A required text: trimmed, not blank (`message`), at most `max` characters. */
export const text = (message: string, max = 2000) =>
  preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: message })
      .check(
        z.minLength(1, { error: message }),
        z.maxLength(max, { error: `At most ${max} characters.` }),
      ),
  );
