import { MathText } from '../../components/math/math-text.tsx';
import { usePlayerSeek } from '../../lib/player-seek.ts';
import { citationLabel } from '../../lib/citations.ts';
import { links } from '../../lib/links.ts';
import { useT } from '../../lib/i18n.ts';
import type { AiCitation } from '@gia/shared';

/**
 * Where an answer's words come from, under the answer: a notes page opens in the app's notes
 * viewer at that page in a new tab (the PDF itself when no topic is known), a video time seeks the
 * lesson's video and plays it, the description is named. Each chip's quote opens under it (a
 * disclosure: a button, so Enter, Space and a tap all work).
 */
export function Citations({
  citations,
  topicId,
  quotes = true,
}: {
  citations: readonly AiCitation[];
  /** The topic the answer is about, whose notes the notes citations cite. */
  topicId?: string;
  /** Each chip's quote under it: not when the answer itself shows the quotes (notes mode). */
  quotes?: boolean;
}) {
  const t = useT();
  const seek = usePlayerSeek((s) => s.seek);
  if (!citations.length) return null;
  return (
    <ul className="ai-cites" aria-label={t('ai.sources')}>
      {citations.map((c, i) => {
        const label = citationLabel(c);
        const chip =
          c.source === 'notes' && c.url ? (
            <a
              className="ai-cite"
              href={topicId ? links.notes(topicId, c.page) : c.url}
              target="_blank"
              rel="noopener noreferrer"
              title={c.quote}
            >
              {label}
              <span className="sr-only"> {t('ai.opensNotes')}</span>
            </a>
          ) : c.source === 'video' ? (
            <button
              type="button"
              className="ai-cite"
              title={c.quote}
              onClick={() => seek(c.start_seconds ?? 0)}
            >
              {label}
              <span className="sr-only"> {t('ai.playsVideo')}</span>
            </button>
          ) : (
            <span className="ai-cite ai-cite-plain" title={c.quote}>
              {label}
            </span>
          );
        return (
          <li key={i}>
            {chip}
            {quotes && (
              <details className="ai-cite-quote">
                <summary>
                  {t('ai.quote')}
                  <span className="sr-only"> {t('ai.quoteFrom', { label })}</span>
                </summary>
                <blockquote>
                  <MathText text={c.quote} />
                </blockquote>
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}
