import { describe, expect, it } from 'vitest';
import { answerDrift } from './answer-check.ts';

describe("the gateway's answer check", () => {
  it('passes an answer that fits its route', async () => {
    const reply = { reply: 'Hi', refused: false, covered: true, citations: [], mode: 'model' };
    expect(await answerDrift('ai.ask', JSON.stringify({ message: 'ok', data: reply }))).toBe(
      undefined,
    );
  });

  it('names the field of an answer that drifted from its route', async () => {
    const reply = { reply: 'Hi', refused: false, covered: true, citations: [{ source: 'web' }] };
    const drift = await answerDrift('ai.ask', JSON.stringify({ message: 'ok', data: reply }));
    expect(drift).toContain('data.citations.0.source');
    expect(drift).toContain('data.citations.0.quote');
  });

  it('refuses data on a route that answers a message only', async () => {
    expect(await answerDrift('cart.delete', JSON.stringify({ message: 'ok', data: [1] }))).toMatch(
      /^data: /,
    );
  });
});
