import { INSIGHTS_MESSAGES as M, InsightsQuery, TopicDropoffQuery } from '@gia/shared';
import { createGroupHandler, ok } from '../lib/http.ts';
import { parse } from '../lib/validation.ts';
import { insights, topicDropoff } from './service.ts';

/** Sales per day and topics' drop-off, for admins (docs/api.md §8d). */
export const handler = createGroupHandler('insights', {
  'admin.insights.get': async (req) =>
    ok(M.loaded, await insights(parse(InsightsQuery, req.query))),
  'admin.insights.dropoff': async (req) =>
    ok(M.dropoffLoaded, await topicDropoff(parse(TopicDropoffQuery, req.query).topic_id)),
});
