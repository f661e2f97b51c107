import { useSearchParams } from 'react-router-dom';
import { useCatalogueList } from './api/catalogue.ts';
import { SearchableSelect, type Choice } from './searchable-select.tsx';

/**
 * The topic a per-topic admin screen shows, named in the link (`?topic=`), and the searchable
 * choice of every topic ("Topic — Chapter") that changes it.
 */
export function useTopicPicker(id: string) {
  const [params, setParams] = useSearchParams();
  const topicId = params.get('topic') ?? '';
  const topics = useCatalogueList('topic');
  const choices: Choice[] = (topics.data ?? []).map((t) => ({
    value: String(t.topic_id),
    label: [t.topic_name, t.chapter_name].filter(Boolean).join(' — '),
  }));
  const picker = (
    <div className="field">
      <SearchableSelect
        id={id}
        label="Topic"
        value={topicId}
        choices={choices}
        disabled={topics.isPending}
        onChange={(v) => setParams(v ? { topic: v } : {})}
      />
    </div>
  );
  return { topicId, picker };
}
