import * as z from 'zod/mini';

/**
 * Configuration read by every function. Parsed once, at first use (the first request of a
 * function, or a script's first call into the services), and cached. Lazy by design, unlike
 * STYLE's "parse at module scope": scripts and tests import these modules first and set the
 * variables (endpoints, table name) after, which a parse at import would refuse. So a missing
 * variable fails loudly, but at a function's first request rather than at its start; the CDK
 * stack sets every required one, and the infra tests check that it does.
 */
const text = z.string().check(z.minLength(1));
const positiveInt = z.coerce.number().check(z.int(), z.minimum(1));

const EnvSchema = z.object({
  AWS_REGION: z._default(text, 'ap-south-1'),
  TABLE_NAME: text,
  MEDIA_BUCKET: text,
  LEARNER_POOL_ID: text,
  LEARNER_CLIENT_ID: text,
  ADMIN_POOL_ID: text,
  ADMIN_CLIENT_ID: text,
  /**
   * Only for the local stack: the base of the local Cognito stand-in's token issuer, e.g.
   * `http://127.0.0.1:9229`. Unset in AWS, where issuers are the real Cognito ones.
   */
  COGNITO_LOCAL_ISSUER_BASE: z.optional(z.url()),
  /**
   * `local`: media urls handed out are `/media/<key>?<signature>` on the local gateway; `s3`:
   * S3 presigned URLs (AWS).
   */
  MEDIA_URL_MODE: z._default(z.enum(['local', 's3']), 's3'),
  /** All three set: real Razorpay. Unset: the local test gateway. */
  RAZORPAY_KEY_ID: z.optional(text),
  RAZORPAY_KEY_SECRET: z.optional(text),
  RAZORPAY_WEBHOOK_SECRET: z.optional(text),
  /**
   * `1` only on the local stack: without Razorpay keys, payments go to the built-in test gateway.
   * Anywhere else (AWS) missing keys make payments unavailable (503): the test gateway's secret is
   * public, so it must never decide a real grant.
   */
  PAYMENTS_LOCAL_GATEWAY: z.optional(z.enum(['1'])),
  /** Tests only: the host of a stand-in for Razorpay's API (the client adds /v1/…). */
  RAZORPAY_API_BASE: z.optional(z.url()),
  /**
   * Signing of HLS access cookies (CloudFront signed cookies): the CloudFront public key's id and
   * the matching RSA private key (PEM). In AWS the id is set by the stack and the key read from
   * `HLS_SIGNING_SECRET_ARN`; locally the stack generates a key pair into DATA_DIR. Unset: no
   * `video_hls_url` (the MP4 plays).
   */
  HLS_KEY_PAIR_ID: z.optional(text),
  HLS_PRIVATE_KEY: z.optional(text),
  /**
   * Transcoding in AWS (infra/src/constructs/transcoding.ts): the MediaConvert job template, the
   * role MediaConvert assumes and this stack's job mark. Unset on the local stack (ffmpeg).
   */
  MEDIACONVERT_TEMPLATE: z.optional(text),
  MEDIACONVERT_ROLE_ARN: z.optional(text),
  MEDIACONVERT_APP: z.optional(text),
  /**
   * `renotify` (the media-jobs route group in AWS): a retry re-announces the uploaded video (an
   * S3 copy onto itself) and the transcoding function starts its MediaConvert job.
   */
  VIDEO_RETRY: z.optional(z.enum(['renotify'])),
  /** The AI teacher: without a key it answers 503. */
  OPENAI_API_KEY: z.optional(text),
  OPENAI_BASE_URL: z.optional(z.url()),
  OPENAI_MODEL: z._default(text, 'gpt-4o-mini'),
  /** Each OpenAI attempt's timeout (one retry), well inside the function's 29 s. */
  OPENAI_TIMEOUT_MS: z._default(
    z.coerce.number().check(z.int(), z.minimum(100), z.maximum(12_000)),
    9_000,
  ),
  /** AI questions per UTC day across all learners; past it the teacher answers 503. */
  AI_DAILY_BUDGET: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 2_000),
  /**
   * Sign-in attempts on one e-mail from one client within the window before that client gets 429
   * (every client together: ten times as many before each attempt is slowed down).
   */
  LOGIN_MAX_FAILURES: z._default(positiveInt, 5),
  LOGIN_FAILURE_WINDOW_SECONDS: z._default(positiveInt, 900),
  /** Sign-ups one client (source address) may make in an hour before further ones get 429. */
  SIGNUP_MAX_PER_CLIENT: z._default(positiveInt, 10),
  /**
   * Only on the local stack: the outbox file (JSON lines in DATA_DIR) every message the product
   * sends is appended to instead of being e-mailed. Unset in AWS.
   */
  MAIL_OUTBOX_FILE: z.optional(text),
  /** The verified SES sender of the product's own e-mails (sign-in codes) in AWS. */
  MAIL_FROM: z.optional(text),
  /** `Secure` on the session cookie; `0` only on the loopback stack (plain http). */
  SECURE_COOKIES: z._default(z.enum(['0', '1']), '1'),
});
export type Env = z.infer<typeof EnvSchema>;

let cached: Env | undefined;

/** The parsed environment (cached). */
export function env(): Env {
  cached ??= EnvSchema.parse(process.env);
  return cached;
}

/**
 * The programs the sources function runs to read Kannada and Hindi notes (issue 33): poppler's
 * `pdftotext` (a PDF's text layer with its `/ActualText`) and `pdftoppm` (a page as an image),
 * and `tesseract` (OCR). Apart from {@link env} because the notes' extraction also runs in
 * scripts that have no table or pools (scripts/src/notes-cer.ts). A bare name is looked up on
 * PATH; the container image of the sources function (infra/docker/sources-extraction) has all
 * three there.
 */
const NotesToolsSchema = z.object({
  PDFTOTEXT_PATH: z._default(text, 'pdftotext'),
  PDFTOPPM_PATH: z._default(text, 'pdftoppm'),
  TESSERACT_PATH: z._default(text, 'tesseract'),
  /** Each run of one of them (one page's OCR, a whole file's text layer) is stopped after this. */
  NOTES_TOOL_TIMEOUT_MS: z._default(
    z.coerce.number().check(z.int(), z.minimum(1_000), z.maximum(600_000)),
    60_000,
  ),
});
export type NotesToolsEnv = z.infer<typeof NotesToolsSchema>;

let cachedTools: NotesToolsEnv | undefined;

/** The notes tools' configuration (cached). */
export function notesToolsEnv(): NotesToolsEnv {
  cachedTools ??= NotesToolsSchema.parse(process.env);
  return cachedTools;
}

/** Forgets the parsed environment; tests that change variables call this. */
export function resetEnvForTests(): void {
  cached = undefined;
  cachedTools = undefined;
}
