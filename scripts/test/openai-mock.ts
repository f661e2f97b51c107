import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for OpenAI's Chat Completions API (`POST /v1/chat/completions`) that answers
 * in the tutor_reply structure: off-topic questions (about cricket) are marked so.
 */
export async function startOpenAiMock(
  apiKey = 'test-key',
): Promise<{ url: string; close(): Promise<void> }> {
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
      const request = JSON.parse(body) as { messages: { role: string; content: string }[] };
      const question = request.messages.at(-1)?.content ?? '';
      const reply = /cricket/i.test(question)
        ? { on_topic: false, answer: '' }
        : { on_topic: true, answer: `An echo is a **reflected** sound. You asked: ${question}` };
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
