import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { scriptLanguage } from '@gia/shared/languages.ts';
import { wordsOf } from '../src/domain/grounding/passages.ts';

/** What the product sent to the provider in one Chat Completions request. */
export interface SeenRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format: unknown;
  max_completion_tokens: number;
}

/** The model's reply in the product's grounded_reply structure. */
export interface MockReply {
  on_topic: boolean;
  covered: boolean;
  answer: string;
  citations: { passage_id: string; quote: string }[];
}

/** How the stand-in answers the next requests. */
export type MockBehaviour =
  /** The grounded rule ({@link groundedReply}): answers from the passages it was sent. */
  | { kind: 'grounded' }
  /** The same, but every quote is words that are NOT in the cited passage. */
  | { kind: 'fake-quotes' }
  /** This reply as the model's content (missing fields as the grounded rule would not set them). */
  | { kind: 'reply'; reply: Partial<MockReply> & { answer: string } }
  /** A provider error with this status. */
  | { kind: 'error'; status: number }
  /** Never answers (a stalled provider); the request is left open until the client gives up. */
  | { kind: 'stall' };

/** A passage as the product sends it inside `<course_material>`. */
interface SentPassage {
  id: string;
  text: string;
}

const STOP = new Set(
  'the and for are was were what when where which who why how does did this that with from into about your you tell explain please give between there their them than then have has can could would should will its it'.split(
    ' ',
  ),
);
/**
 * Words as the product's retrieval cuts them (letters, combining marks and digits, NFC, no
 * zero-width joiners), so a Kannada or Hindi word stays whole: its vowel signs are marks.
 */
const contentWords = (text: string) =>
  new Set(wordsOf(text).filter((w) => w.length > 2 && !STOP.has(w)));
/** Sentences end at `.`, `!`, `?` or the Devanagari danda `।`. */
const sentencesOf = (text: string) => text.split(/(?<=[.!?।])\s+/).filter(Boolean);

/** Questions the stand-in treats as off the topic (as a real model is asked to). */
const OFF_TOPIC =
  /cricket|football|film|movie|bitcoin|weather|recipe|system prompt|ignore (all |the )?(previous|earlier|above) instructions/i;

/** The stand-in's own words around a quote, in the languages the product speaks. */
const MOCK_WORDS = {
  en: {
    hint: 'Hint:',
    ask: "what does your notes' sentence %s tell you?",
    from: 'from your notes',
  },
  kn: { hint: 'ಸುಳಿವು:', ask: 'ನಿಮ್ಮ ನೋಟ್ಸ್‌ನ ವಾಕ್ಯ %s ನಿಮಗೆ ಏನು ಹೇಳುತ್ತದೆ?', from: 'ನಿಮ್ಮ ನೋಟ್ಸ್‌ನಿಂದ' },
  hi: { hint: 'संकेत:', ask: 'आपके नोट्स का वाक्य %s आपको क्या बताता है?', from: 'आपके नोट्स से' },
} as const;

/**
 * The stand-in's deterministic rule, from what the product sent: the passages inside
 * `<course_material>` (a user message) and the question (the last message). Off-topic words
 * refuse. Otherwise the passage sharing the most words with the question answers when it shares
 * at least half of them (at least one): the reply is its sentence sharing the most words, quoted
 * exactly as the citation; hint mode (the system message's HINT rule) asks a guiding question
 * instead. No passage sharing enough: `covered: false`.
 */
export function groundedReply(request: SeenRequest): MockReply {
  const question = request.messages.at(-1)?.content ?? '';
  if (OFF_TOPIC.test(question))
    return { on_topic: false, covered: false, answer: '', citations: [] };
  const material = request.messages.find(
    (m) => m.role === 'user' && m.content.includes('<course_material>'),
  );
  const json = material?.content.match(/<course_material>(.*)<\/course_material>/s)?.[1];
  const passages = ((json ? JSON.parse(json) : {}) as { passages?: SentPassage[] }).passages ?? [];
  const asked = contentWords(question);
  const shared = (text: string) => [...contentWords(text)].filter((w) => asked.has(w)).length;
  let best: SentPassage | undefined;
  for (const p of passages) if (!best || shared(p.text) > shared(best.text)) best = p;
  const enough = Math.max(1, Math.ceil(asked.size / 2));
  if (!best || shared(best.text) < enough) {
    return {
      on_topic: true,
      covered: false,
      answer: 'The passages do not cover this question.',
      citations: [],
    };
  }
  const sentence = sentencesOf(best.text).reduce((a, b) => (shared(b) > shared(a) ? b : a));
  // Its own words in the question's language, as the prompt's language rule asks a model.
  const words = MOCK_WORDS[scriptLanguage(question) ?? 'en'];
  const hint = request.messages[0]?.content.includes('HINT');
  return {
    on_topic: true,
    covered: true,
    answer: hint
      ? `**${words.hint}** ${words.ask.replace('%s', `"${sentence}"`)}`
      : `${sentence} (**${words.from}**)`,
    citations: [{ passage_id: best.id, quote: sentence }],
  };
}

/**
 * The stand-in's practice drafts (`practice_drafts` structure), from what the product sent: for
 * the asked number of questions (`Write N questions.`, the last message), one per passage in
 * turn: a true/false question stating the passage's first sentence (true), then a single-answer
 * one asking which of three statements the notes make (the passage's sentence is option 2).
 */
export function draftReply(request: SeenRequest): { questions: unknown[] } {
  const count = Number(
    /Write (\d+) questions/.exec(request.messages.at(-1)?.content ?? '')?.[1] ?? 1,
  );
  const material = request.messages.find((m) => m.content.includes('<course_material>'));
  const json = material?.content.match(/<course_material>(.*)<\/course_material>/s)?.[1];
  const passages = ((json ? JSON.parse(json) : {}) as { passages?: SentPassage[] }).passages ?? [];
  const questions = [];
  for (let i = 0; i < count && passages.length; i++) {
    const p = passages[i % passages.length]!;
    const sentence = sentencesOf(p.text)[0]?.slice(0, 200) ?? p.text.slice(0, 200);
    questions.push(
      i % 2 === 0
        ? {
            type: 'true_false',
            text: `True or false: ${sentence}`,
            options: [],
            answer: 'true',
            tolerance: 0,
            explanation: `Your notes say: ${sentence}`,
            difficulty: 'easy',
            passage_id: p.id,
          }
        : {
            type: 'single',
            text: 'Which of these do your notes say?',
            options: ['Nothing about this topic.', sentence, 'The opposite of what they say.'],
            answer: '2',
            tolerance: 0,
            explanation: `Your notes say: ${sentence}`,
            difficulty: 'medium',
            passage_id: p.id,
          },
    );
  }
  return { questions };
}

/**
 * A question holding this mark fails as a broken provider does (500), whatever the behaviour: how
 * a test without a handle on the stand-in (the browser tests' stack runs it in another process)
 * shows the teacher's notes mode. Not a letter or a digit, so retrieval ignores it.
 */
export const PROVIDER_FAILS_MARK = '\u203c';

/** The name of the structured output a request asks for. */
const formatName = (request: SeenRequest) =>
  (request.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;

/**
 * A local stand-in for OpenAI's Chat Completions API (`POST /v1/chat/completions`). It records
 * every request it receives (`seen`), so tests can check exactly what the product sends, and
 * answers as `behave` says (by default by the grounded rule, {@link groundedReply}).
 */
export async function startOpenAiMock(apiKey = 'test-key'): Promise<{
  url: string;
  seen: SeenRequest[];
  behave(b: MockBehaviour): void;
  close(): Promise<void>;
}> {
  const seen: SeenRequest[] = [];
  let behaviour: MockBehaviour = { kind: 'grounded' };
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
      const failing = request.messages?.at(-1)?.content.includes(PROVIDER_FAILS_MARK);
      if (behaviour.kind === 'error' || failing) {
        res.statusCode = behaviour.kind === 'error' ? behaviour.status : 500;
        res.end(JSON.stringify({ error: { message: 'provider exploded: secret internals' } }));
        return;
      }
      const reply: MockReply | { questions: unknown[] } =
        formatName(request) === 'practice_drafts' && behaviour.kind === 'grounded'
          ? draftReply(request)
          : behaviour.kind === 'reply'
            ? { on_topic: true, covered: true, citations: [], ...behaviour.reply }
            : groundedReply(request);
      if (behaviour.kind === 'fake-quotes' && 'citations' in reply) {
        reply.citations = reply.citations.map((c) => ({
          ...c,
          quote: 'the moon is made of green cheese',
        }));
      }
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
