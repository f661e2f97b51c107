import type { AiCitation } from '@gia/shared/citation.ts';
import { t } from './i18n.ts';

/** What a citation of the AI teacher names: a notes page, a video time or the description. */
type CitationRef = Pick<AiCitation, 'source' | 'page' | 'start_seconds'>;

/** A video time as the player shows it: 02:14, or 1:02:14 past the hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(s % 60)}` : `${two(m)}:${two(s % 60)}`;
}

/** The words of a citation's chip: "Notes p. 3", "Video 02:14" or "Description". */
export function citationLabel(c: CitationRef): string {
  if (c.source === 'notes')
    return c.page ? t('ai.citeNotesPage', { page: c.page }) : t('ai.citeNotes');
  if (c.source === 'video') return t('ai.citeVideo', { time: clock(c.start_seconds ?? 0) });
  return t('ai.citeDescription');
}
