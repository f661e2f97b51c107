import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { routePath } from '@gia/shared';
import { TEST_ENV } from '../../test/tokens.ts';
import { httpEvent, lambdaContext } from '../../test/event.ts';

Object.assign(process.env, TEST_ENV);
const { resetEnvForTests } = await import('../lib/env.ts');
const { handler } = await import('./handler.ts');

const KEY = 'sk-test-secret-key-123';
const BASE_URL = 'https://openai.internal.example/v1';

/** `GET getAiStatus` in-process, signed out. */
async function status() {
  const res = await handler(httpEvent('GET', routePath('ai.status')), lambdaContext);
  return { status: res.statusCode, body: res.body ?? '' };
}

describe('the AI teacher’s status (getAiStatus)', () => {
  beforeAll(() => {
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
  });
  afterEach(() => {
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    resetEnvForTests();
  });

  it('answers mode "notes" (still available: the notes answer) to anyone when no OpenAI key is configured', async () => {
    resetEnvForTests();
    const res = await status();
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({
      message: 'AI teacher status',
      data: { available: true, mode: 'notes' },
    });
  });

  it('answers mode "model" once a key is set, and never reveals the key or the base URL', async () => {
    process.env.OPENAI_API_KEY = KEY;
    process.env.OPENAI_BASE_URL = BASE_URL;
    resetEnvForTests();
    const res = await status();
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({
      message: 'AI teacher status',
      data: { available: true, mode: 'model' },
    });
    expect(res.body).not.toContain(KEY);
    expect(res.body).not.toContain('openai.internal');
  });
});
