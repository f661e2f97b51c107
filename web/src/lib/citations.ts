import type { AiCitation } from '@gia/shared/citation.ts';
import { t } from './i18n.ts';
import { clock } from './video-time.ts';

export { clock };

/** What a citation of the AI teacher names: a notes page, a video time or the description. */
type CitationRef = Pick<AiCitation, 'source' | 'page' | 'start_seconds'>;

/** The words of a citation's chip: "Notes p. 3", "Video 02:14" or "Description". */
export function citationLabel(c: CitationRef): string {
  if (c.source === 'notes')
    return c.page ? t('ai.citeNotesPage', { page: c.page }) : t('ai.citeNotes');
  if (c.source === 'video') return t('ai.citeVideo', { time: clock(c.start_seconds ?? 0) });
  return t('ai.citeDescription');
}
