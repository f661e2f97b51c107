import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the product sent to the provider in one Chat Completions request. */
export interface SeenRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format: unknown;
  max_completion_tokens: number;
}

/** How the stand-in answers the next requests. */
export type MockBehaviour =
  /** The tutor_reply JSON: echoes the question, off-topic for questions about cricket. */
  | { kind: 'echo' }
  /** This reply as the model's content. */
  | { kind: 'reply'; reply: { on_topic: boolean; answer: string } }
  /** A provider error with this status. */
  | { kind: 'error'; status: number }
  /** Never answers (a stalled provider); the request is left open until the client gives up. */
  | { kind: 'stall' };

/**
 * A local stand-in for OpenAI's Chat Completions API (`POST /v1/chat/completions`). It records
 * every request it receives (`seen`), so tests can check exactly what the product sends, and
 * answers as `behave` says (by default in the tutor_reply structure, refusing cricket).
 */
export async function startOpenAiMock(apiKey = 'test-key'): Promise<{
  url: string;
  seen: SeenRequest[];
  behave(b: MockBehaviour): void;
  close(): Promise<void>;
}> {
  const seen: SeenRequest[] = [];
  let behaviour: MockBehaviour = { kind: 'echo' };
  const stalled = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url !== '/v1/chat/completions' || req.headers.authorization !== `Bearer ${apiKey}`) {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: { message: 'Incorrect API key provided.' } }));
        return;
      }
      const request = JSON.parse(body) as SeenRequest;
      seen.push(request);
      if (behaviour.kind === 'stall') {
        stalled.add(res);
        res.on('close', () => stalled.delete(res));
        return;
      }
      if (behaviour.kind === 'error') {
        res.statusCode = behaviour.status;
        res.end(JSON.stringify({ error: { message: 'provider exploded: secret internals' } }));
        return;
      }
      const question = request.messages.at(-1)?.content ?? '';
      const reply =
        behaviour.kind === 'reply'
          ? behaviour.reply
          : /cricket/i.test(question)
            ? { on_topic: false, answer: '' }
            : {
                on_topic: true,
                answer: `An echo is a **reflected** sound. You asked: ${question}`,
              };
      res.end(
        JSON.stringify({
          id: 'chatcmpl-local',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: 'gpt-4o-mini',
          choices: [
            {
              index: 0,
              finish_reason: 'stop',
              message: { role: 'assistant', content: JSON.stringify(reply) },
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    behave: (b) => {
      behaviour = b;
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of stalled) res.destroy();
        server.close(() => resolve());
      }),
  };
}
