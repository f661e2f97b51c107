/**
 * A message built from values ("Physics has been removed from favorites."): the function that
 * writes its English, with the names of its parameters in the order it takes them. The names are
 * what an error answer's `message_params` keys the values by (shared/src/message-codes.ts), so
 * the SPA can fill the same blanks in its own translation.
 */
export type MessageTemplate<A extends readonly unknown[] = never[]> = ((...args: A) => string) & {
  readonly params: readonly string[];
  /** What a parameter's value looks like (a regular expression's source), where not any text. */
  readonly shapes?: Readonly<Record<string, string>>;
};

/** A number as a limit is written ("100", "-5", "0.5"). */
export const NUMBER_SHAPE = String.raw`-?\d+(?:\.\d+)?`;

/**
 * Declares a message template: `template(['subject'], (subject: string) => `${subject} …`)`.
 * It is still called as the plain function it wraps.
 */
export const template = <A extends readonly unknown[]>(
  params: { readonly [K in keyof A]: string },
  write: (...args: A) => string,
  shapes?: Readonly<Record<string, string>>,
): MessageTemplate<A> =>
  Object.assign(write, { params: params as readonly string[], ...(shapes ? { shapes } : {}) });
