/**
 * The single table: key schema and secondary indexes.
 *
 * This definition is the one source for the data layer, the local stack (which creates the table
 * from it) and the CDK stack (which declares it). Only `functions/src/db/` knows key shapes.
 */
export const TABLE_DEFINITION = {
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
} as const;

export type IndexName = (typeof TABLE_DEFINITION.globalSecondaryIndexes)[number]['indexName'];

/** Every key attribute is a string. */
export const KEY_ATTRIBUTES: readonly string[] = [
  TABLE_DEFINITION.partitionKey,
  TABLE_DEFINITION.sortKey,
  ...TABLE_DEFINITION.globalSecondaryIndexes.flatMap((g) => [g.partitionKey, g.sortKey]),
];
