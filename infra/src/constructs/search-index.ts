import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { ApiResources, Needs } from './api-route-group.ts';
import { StreamConsumer } from './stream-consumer.ts';

/** Where the class indexes and their pointers are, in the media bucket (docs/search.md). */
export const SEARCH_PREFIX = 'public/search/';

/**
 * It reads a class's records (Query of its content partition and of its chapters' lists, GetItem
 * of its board, BatchGetItem of its sources), notes which sources the class uses (PutItem), and
 * writes the index file and its pointer (PutObject under `public/search/`), or deletes the pointer
 * of a class that is gone; it writes the outline of each subject of the class (PutItem) and
 * deletes a deleted subject's (DeleteItem).
 */
export const SEARCH_INDEX_NEEDS: Needs = {
  table: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'DeleteItem'],
  mediaPut: [SEARCH_PREFIX],
  mediaDelete: [SEARCH_PREFIX],
};

/** The stored `type` of the catalogue records an index names (functions/src/db/search-stream.ts). */
const CATALOGUE_TYPES = ['board', 'class', 'subject', 'sub-subject', 'chapter', 'topic'];

export interface SearchIndexProps {
  readonly resources: ApiResources;
  readonly environment: Record<string, string>;
  readonly logRetention: logs.RetentionDays;
}

/**
 * The search function (issue 34): the table's stream, filtered to catalogue records written or
 * deleted and to sources whose extraction finished, gathered for up to 30 s so a burst of admin
 * writes rebuilds each class once, runs `functions/src/search/stream.ts`, which rebuilds and
 * publishes the index of each class they touch. CloudFront serves the files from
 * `/media/public/*` with the Content-Encoding and Cache-Control they were stored with.
 */
export class SearchIndex extends StreamConsumer {
  constructor(scope: Construct, id: string, props: SearchIndexProps) {
    super(scope, id, {
      ...props,
      entry: 'src/search/stream.ts',
      description: 'GIA School: rebuild the search index of each class whose catalogue changed',
      timeout: Duration.minutes(2),
      needs: SEARCH_INDEX_NEEDS,
      batchSize: 1000,
      maxBatchingWindow: Duration.seconds(30),
      filters: [
        lambda.FilterCriteria.filter({
          eventName: lambda.FilterRule.or('INSERT', 'MODIFY'),
          dynamodb: { NewImage: { type: { S: lambda.FilterRule.or(...CATALOGUE_TYPES) } } },
        }),
        lambda.FilterCriteria.filter({
          eventName: lambda.FilterRule.isEqual('REMOVE'),
          dynamodb: { OldImage: { type: { S: lambda.FilterRule.or(...CATALOGUE_TYPES) } } },
        }),
        lambda.FilterCriteria.filter({
          eventName: lambda.FilterRule.or('INSERT', 'MODIFY'),
          dynamodb: {
            NewImage: {
              type: { S: lambda.FilterRule.isEqual('source') },
              status: { S: lambda.FilterRule.or('ready', 'failed') },
            },
          },
        }),
      ],
    });
  }
}
