import { AI_SOURCE_LIMITS, type AiCitation, type GroundedReply } from '@gia/shared';
import { quoteAppears } from '../domain/grounding/index.ts';
import { FIXED_REPLIES, type FixedReplies } from './fixed-replies.ts';
import type { SentPassage } from './retrieval.ts';

/** A kept citation: a notes one remembers its notes url, signed each time it is shown. */
export type StoredCitation = AiCitation & { notes_url?: string };

/** Reads the model's structured reply; anything malformed reads as an uncited answer. */
export function readReply(content: string | null | undefined): GroundedReply {
  let raw: Partial<Record<keyof GroundedReply, unknown>> = {};
  try {
    raw = content ? (JSON.parse(content) as typeof raw) : {};
  } catch {
    raw = { on_topic: true, covered: false, answer: content ?? '' };
  }
  return {
    on_topic: raw.on_topic !== false,
    covered: raw.covered === true,
    answer: typeof raw.answer === 'string' ? raw.answer.trim() : '',
    citations: Array.isArray(raw.citations)
      ? raw.citations.filter(
          (c): c is GroundedReply['citations'][number] =>
            typeof c?.passage_id === 'string' && typeof c?.quote === 'string',
        )
      : [],
  };
}

/**
 * The citations kept: only those whose quote appears in the passage they name (see
 * `quoteAppears`: normalised case and whitespace), at most one per passage, as the contract's
 * `{source, page?, start_seconds?, quote}` (urls are added when answering).
 */
export function verifiedCitations(
  cited: GroundedReply['citations'],
  passages: SentPassage[],
): StoredCitation[] {
  const byId = new Map(passages.map((p) => [p.id, p]));
  const seen = new Set<string>();
  const kept: StoredCitation[] = [];
  for (const c of cited) {
    const p = byId.get(c.passage_id.trim());
    if (!p || seen.has(p.id) || !quoteAppears(c.quote, p.text)) continue;
    seen.add(p.id);
    kept.push({
      source: p.source,
      ...(p.page ? { page: p.page } : {}),
      ...(p.start_seconds !== undefined ? { start_seconds: p.start_seconds } : {}),
      quote: c.quote.replace(/\s+/g, ' ').trim().slice(0, 500),
      ...(p.notes_url ? { notes_url: p.notes_url } : {}),
    });
    if (kept.length >= AI_SOURCE_LIMITS.citationsPerAnswer) break;
  }
  return kept;
}

/** The teacher's answer to a question, after its citations were checked. */
export interface CheckedReply {
  answer: string;
  refused: boolean;
  covered: boolean;
  citations: StoredCitation[];
}

/**
 * What the teacher answers from the model's reply: an off-topic reply becomes the fixed refusal;
 * in a grounded scope an answer is covered only with a citation that checks out, else it becomes
 * the fixed "not covered" reply (each in `replies`' language).
 */
export function checkReply(
  content: string | null | undefined,
  material: { passages: SentPassage[]; grounded: boolean },
  replies: FixedReplies = FIXED_REPLIES.en,
): CheckedReply {
  const reply = readReply(content);
  const refused = !reply.on_topic;
  const citations = refused ? [] : verifiedCitations(reply.citations, material.passages);
  // A topic's answer is held to its passages: covered only with a citation that checks out. A
  // class or general answer has no passages, so nothing covers it (docs/ai-teacher.md).
  const covered = !refused && material.grounded && reply.covered && citations.length > 0;
  const answer = refused
    ? replies.refusal
    : material.grounded && !covered
      ? replies.notCovered
      : reply.answer || replies.empty;
  return { answer, refused, covered, citations };
}
