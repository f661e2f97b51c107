import { useState } from 'react';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminHeader } from './admin-header.tsx';
import {
  useTopicSources,
  useUpdateTopicSources,
  type SourcePage,
  type TopicSources,
} from './api/sources.ts';
import { useTopicPicker } from './topic-picker.tsx';

/** The extraction's state, in words. */
const STATUS: Record<TopicSources['notes']['status'], string> = {
  none: 'This topic has no notes PDF.',
  processing: 'The notes are being read. Come back in a minute.',
  ready: 'The notes were read.',
  failed: 'The notes could not be read.',
};

/**
 * One page of the notes: its text as the AI teacher reads it, editable. Save keeps the corrected
 * text (it wins over the extracted one); "Restore extracted text" drops the correction.
 */
function PageEditor({ page, topicId }: { page: SourcePage; topicId: string }) {
  const [text, setText] = useState(page.text);
  const update = useUpdateTopicSources(topicId);
  const id = `page-${page.page}`;

  async function save(next: string, done: string) {
    try {
      const res = await update.mutateAsync([{ page: page.page, text: next }]);
      const now = res.data.notes.pages.find((p) => p.page === page.page);
      setText(now?.text ?? next);
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err, 'The page cannot be saved now, sorry.'));
    }
  }

  return (
    <li className="card source-page">
      <div className="source-page-head">
        <label htmlFor={id}>Page {page.page}</label>
        {page.corrected && <span className="source-corrected">Corrected</span>}
      </div>
      <textarea
        id={id}
        rows={8}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={20_000}
      />
      <div className="source-page-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={update.isPending || !text.trim() || text === page.text}
          onClick={() => void save(text, `Page ${page.page} saved.`)}
        >
          Save page {page.page}
        </button>
        {page.corrected && (
          <button
            type="button"
            className="btn"
            disabled={update.isPending}
            onClick={() => void save('', `Page ${page.page} shows the extracted text again.`)}
          >
            Restore extracted text
          </button>
        )}
      </div>
    </li>
  );
}

/** A topic's sources: the notes' state and pages, the captions and the description. */
function Sources({ topicId }: { topicId: string }) {
  const sources = useTopicSources(topicId);
  if (sources.isPending) return <p className="muted">Loading the sources…</p>;
  if (sources.isError) {
    return (
      <p role="alert">
        {errorMessage(sources.error, 'We couldn’t load the sources.')}{' '}
        <button type="button" className="btn btn-small" onClick={() => void sources.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const { notes, captions, description } = sources.data;
  return (
    <>
      <section aria-labelledby="notes-title">
        <h2 id="notes-title">Notes</h2>
        <p className={`source-status source-${notes.status}`} role="status">
          {STATUS[notes.status]}
          {notes.status === 'failed' && notes.error ? ` ${notes.error}` : ''}
        </p>
        {notes.pages.length > 0 && (
          <>
            <p className="muted small">
              Correct a page where the extraction garbled words: the corrected text is what the AI
              teacher reads and quotes.
            </p>
            <ol className="source-pages">
              {notes.pages.map((p) => (
                <PageEditor key={`${p.page}:${p.corrected}:${p.text}`} page={p} topicId={topicId} />
              ))}
            </ol>
          </>
        )}
      </section>
      <section aria-labelledby="captions-title">
        <h2 id="captions-title">Captions</h2>
        {captions.length ? (
          <ul>
            {captions.map((c) => (
              <li key={c.language}>
                {c.language}: {c.cues.length} cues
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">No captions.</p>
        )}
      </section>
      <section aria-labelledby="description-title">
        <h2 id="description-title">Description</h2>
        <p className="source-description">{description || 'No description.'}</p>
      </section>
    </>
  );
}

/**
 * `/TopicSources`: what the AI teacher answers a topic from (issue 16). Pick a topic (the link
 * may name it: `?topic=`), see whether its notes were read, and correct a page's text.
 */
export function TopicSourcesPage() {
  const { topicId, picker } = useTopicPicker('sources-topic');
  return (
    <>
      <AdminHeader />
      <main className="admin-main topic-sources">
        <h1>Topic sources</h1>
        <p className="muted">
          The AI teacher answers from a topic&apos;s notes, captions and description.
        </p>
        {picker}
        {topicId ? (
          <Sources key={topicId} topicId={topicId} />
        ) : (
          <p className="muted">Choose a topic to see its sources.</p>
        )}
      </main>
    </>
  );
}
