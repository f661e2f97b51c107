import { AI_SOURCE_MESSAGES as M, TopicSourcesQuery, UpdateTopicSourcesInput } from '@gia/shared';
import { createGroupHandler, ok } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';
import { topicSources, updateTopicSources } from './service.ts';

/**
 * The AI teacher's sources for admins (docs/api.md §8): extracted text to read and correct. It
 * reads what the sources function stored; it never parses a PDF itself (no unpdf here).
 */
export const handler = createGroupHandler('ai-admin', {
  'admin.ai.sources': async (req) =>
    ok(M.sourcesLoaded, await topicSources(parse(TopicSourcesQuery, req.query).topic_id)),
  'admin.ai.sources.update': async (req) =>
    ok(M.sourcesUpdated, await updateTopicSources(parse(UpdateTopicSourcesInput, req.body))),
});
