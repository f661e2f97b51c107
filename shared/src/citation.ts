import * as z from 'zod/mini';

/*
 * A citation of the AI teacher, declared once: the functions keep and answer it, the web shows it
 * (a chip that opens the notes page or seeks the video), the hand-off draft keeps it for staff.
 * A module of its own so that whoever needs the shape does not load the other answers' schemas.
 */

/** Where an answer's citation points. */
export const CITATION_SOURCES = ['notes', 'video', 'description'] as const;
export type CitationSource = (typeof CITATION_SOURCES)[number];

/**
 * Where an AI answer's words come from (docs/ai-teacher.md): a notes page (`url` opens the signed
 * PDF at `#page=N`), a video time (the player seeks to `start_seconds`) or the description.
 * `quote` was checked by the server to appear in that passage.
 */
export const AiCitation = z.object({
  source: z.enum(CITATION_SOURCES),
  /** Notes: the 1-based page. */
  page: z.optional(z.number()),
  /** Video: where the passage starts. */
  start_seconds: z.optional(z.number()),
  /** Words that appear in the cited passage (checked by the server). */
  quote: z.string(),
  /** Notes: the signed notes URL + `#page=N`. */
  url: z.optional(z.string()),
});
export type AiCitation = z.infer<typeof AiCitation>;

/** Where a draft's words come from, as the AI teacher cited them (no signed URL: it expires). */
export const DraftCitation = z.omit(AiCitation, { url: true });
export type DraftCitation = z.infer<typeof DraftCitation>;
