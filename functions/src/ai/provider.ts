import OpenAI from 'openai';
import { AI_LIMITS, LEARNING_MESSAGES as M } from '@gia/shared';
import { env } from '../lib/env.ts';
import { AppError, UnavailableError } from '../lib/errors.ts';
import { logger } from '../lib/logger.ts';

let client: { ai: OpenAI; config: string } | undefined;
/**
 * The OpenAI client. Its timeout and single retry end well inside the function's 29 s, so a
 * stalled provider answers a clear 503 instead of a function killed mid-request.
 */
export function openai(): OpenAI {
  const { OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_TIMEOUT_MS } = env();
  if (!OPENAI_API_KEY) throw new UnavailableError(M.aiUnavailable);
  const config = `${OPENAI_API_KEY}|${OPENAI_BASE_URL ?? ''}|${OPENAI_TIMEOUT_MS}`;
  if (client?.config !== config) {
    client = {
      config,
      ai: new OpenAI({
        apiKey: OPENAI_API_KEY,
        baseURL: OPENAI_BASE_URL,
        maxRetries: AI_LIMITS.providerRetries,
        timeout: OPENAI_TIMEOUT_MS,
      }),
    };
  }
  return client.ai;
}

/** A chat request, sent to the configured model. */
export type ModelRequest = Omit<OpenAI.ChatCompletionCreateParamsNonStreaming, 'model'>;

/**
 * The model's reply (the first choice's content) to one request. A provider failure is logged
 * under `failure` and answered as the learner's 503 when it timed out, else as a 502.
 */
export async function modelReply(
  ai: OpenAI,
  request: ModelRequest,
  failure: string,
): Promise<string | null | undefined> {
  try {
    const completion = await ai.chat.completions.create({ model: env().OPENAI_MODEL, ...request });
    return completion.choices[0]?.message?.content;
  } catch (err) {
    logger.warn(failure, { error: err as Error });
    if (err instanceof OpenAI.APIConnectionTimeoutError) throw new UnavailableError(M.aiSlow);
    throw new AppError('BAD_GATEWAY', M.aiFailed);
  }
}
