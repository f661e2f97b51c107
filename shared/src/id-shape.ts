/**
 * The shape of every id of the product, without zod: the route matcher, which the SPA's first
 * screen loads, checks path parameters with it; ids.ts builds the id schemas on it.
 *
 * Ids are ULIDs (catalogue, cart, favourites, reviews, questions), Cognito subs (UUIDs with `-`)
 * and Razorpay ids (`order_…`, `pay_…`). Every id that reaches a key of the table is bounded
 * here: DynamoDB refuses key values over 1–2 KB with a ValidationException, which must be a 4xx,
 * never a 500.
 */
export const ID_MAX_LENGTH = 64;
export const ID_PATTERN = /^[0-9A-Za-z_-]+$/;

/** Whether a value (e.g. a decoded path parameter) has the shape of an id. */
export const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= ID_MAX_LENGTH && ID_PATTERN.test(value);

/**
 * A chapter test's `topic_ids` hint (getQuiz) names at most this many topics: with their banks,
 * the chapter, its ancestors and the learner's keys, one BatchGet of at most 100 keys. Here, not
 * beside practice's limits, so the lesson page's code carries no practice texts.
 */
export const CHAPTER_TOPIC_IDS_MAX = 45;
