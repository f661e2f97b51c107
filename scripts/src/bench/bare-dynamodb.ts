import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The yardstick of the bundle benchmark: an entry that only creates a DynamoDB document client,
 * bundled like a route group. What a group weighs above it is our code and its libraries.
 */
export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}));
