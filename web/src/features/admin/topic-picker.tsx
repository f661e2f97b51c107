import { useSearchParams } from 'react-router-dom';
import { useCatalogueList } from './api/catalogue.ts';
import { contextLabel } from './context-label.ts';
import { SearchableSelect, type Choice } from './searchable-select.tsx';

/**
 * The topic a per-topic admin screen shows, named in the link (`?topic=`), and the searchable
 * choice of every topic that changes it, named with its context as the other admin dropdowns
 * name their records ("Topic — Chapter · Sub-Subject · Subject · Class · Board").
 */
export function useTopicPicker(id: string) {
  const [params, setParams] = useSearchParams();
  const topicId = params.get('topic') ?? '';
  const topics = useCatalogueList('topic');
  const choices: Choice[] = (topics.data ?? [])
    .map((t) => ({ value: String(t.topic_id), label: contextLabel('topic', t) }))
    .sort((a, b) => a.label.localeCompare(b.label));
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
