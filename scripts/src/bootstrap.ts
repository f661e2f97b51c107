import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { KEY_ATTRIBUTES, POOL_GROUP, TABLE_DEFINITION } from '@gia/functions';
import { MEDIA_BUCKET, outboxFile, type ServiceEndpoints } from './services.ts';

export const TABLE_NAME = 'gia-school';
export const REGION = 'ap-south-1';
/** s3rver accepts only its own key pair; the other stand-ins accept any. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** What the local stack remembers between runs, in `DATA_DIR/stack.json`. */
export interface StackState {
  learnerPoolId: string;
  learnerClientId: string;
  adminPoolId: string;
  adminClientId: string;
  /** The generated admin password, when ADMIN_PASSWORD was not given. */
  adminPassword: string;
  /** The demo catalogue was loaded into this store once. */
  demoSeeded?: boolean;
  /**
   * The RSA private key (PEM) HLS access cookies are signed with, generated once (in AWS: the
   * CloudFront key group's key in Secrets Manager). The gateway checks them with its public half.
   */
  hlsPrivateKey?: string;
  /** Where the running stack's embedded services listen (for `npm run reconcile`). */
  endpoints?: ServiceEndpoints;
}

/** The saved state of a data folder, if any. */
export function loadState(dataDir: string): Partial<StackState> {
  const file = join(dataDir, 'stack.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<StackState>) : {};
}

/** Remembers the stack's state in `DATA_DIR/stack.json`. */
export function saveState(dataDir: string, state: StackState): void {
  writeFileSync(join(dataDir, 'stack.json'), `${JSON.stringify(state, null, 2)}\n`);
}

/** Creates the single table from the shared definition, if it is not there yet. */
export async function ensureTable(endpoint: string): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: REGION, credentials: LOCAL_CREDENTIALS });
  try {
    const existing = await client.send(new DescribeTableCommand({ TableName: TABLE_NAME }));
    await addMissingIndexes(client, existing.Table?.GlobalSecondaryIndexes ?? []);
    if (!existing.Table?.StreamSpecification?.StreamEnabled) await enableStream(client);
    client.destroy();
    return;
  } catch (err) {
    if ((err as Error).name !== 'ResourceNotFoundException') throw err;
  }
  await client.send(
    new CreateTableCommand({
      TableName: TABLE_NAME,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: KEY_ATTRIBUTES.map((name) => ({
        AttributeName: name,
        AttributeType: 'S',
      })),
      KeySchema: [
        { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: TABLE_DEFINITION.globalSecondaryIndexes.map((g) => ({
        IndexName: g.indexName,
        KeySchema: [
          { AttributeName: g.partitionKey, KeyType: 'HASH' },
          { AttributeName: g.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      StreamSpecification: STREAM,
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: TABLE_NAME });
  await client
    .send(
      new UpdateTimeToLiveCommand({
        TableName: TABLE_NAME,
        TimeToLiveSpecification: { AttributeName: TABLE_DEFINITION.ttlAttribute, Enabled: true },
      }),
    )
    .catch(() => undefined); // TTL is a clean-up aid; the code never relies on it.
  client.destroy();
}

/** The table's stream, as in AWS: the invoice function reads new payment rows from it. */
const STREAM = { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' } as const;

/** A data folder made before the stream existed gets it. */
async function enableStream(client: DynamoDBClient) {
  await client.send(new UpdateTableCommand({ TableName: TABLE_NAME, StreamSpecification: STREAM }));
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: TABLE_NAME });
}

/** A data folder made by an older version gets the indexes added since. */
async function addMissingIndexes(client: DynamoDBClient, present: { IndexName?: string }[]) {
  const names = new Set(present.map((g) => g.IndexName));
  for (const g of TABLE_DEFINITION.globalSecondaryIndexes) {
    if (names.has(g.indexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: TABLE_NAME,
        AttributeDefinitions: [
          { AttributeName: g.partitionKey, AttributeType: 'S' },
          { AttributeName: g.sortKey, AttributeType: 'S' },
        ],
        GlobalSecondaryIndexUpdates: [
          {
            Create: {
              IndexName: g.indexName,
              KeySchema: [
                { AttributeName: g.partitionKey, KeyType: 'HASH' },
                { AttributeName: g.sortKey, KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
          },
        ],
      }),
    );
  }
}

async function poolExists(client: CognitoIdentityProviderClient, id: string): Promise<boolean> {
  try {
    await client.send(new DescribeUserPoolCommand({ UserPoolId: id }));
    return true;
  } catch {
    return false;
  }
}

async function createPool(client: CognitoIdentityProviderClient, name: string, group: string) {
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: name,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      // A new e-mail takes effect only once its code is confirmed (as `keepOriginal` in AWS).
      UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ['email'] },
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireNumbers: true,
          RequireLowercase: false,
          RequireUppercase: false,
          RequireSymbols: false,
        },
      },
    }),
  );
  const poolId = pool.UserPool?.Id;
  if (!poolId) throw new Error(`could not create user pool ${name}`);
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: poolId,
      ClientName: `${name}-web`,
      GenerateSecret: false,
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  const clientId = appClient.UserPoolClient?.ClientId;
  if (!clientId) throw new Error(`could not create the app client of ${name}`);
  await client.send(new CreateGroupCommand({ UserPoolId: poolId, GroupName: group }));
  return { poolId, clientId };
}

/** The id the local stack's HLS signing key goes by (a CloudFront public key id in AWS). */
export const LOCAL_HLS_KEY_PAIR_ID = 'K2LOCALGIASCHOOL';

/** A new RSA key pair for CloudFront signed cookies (2048 bits, as CloudFront requires). */
export const newHlsSigningKey = (): string =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  }).privateKey;

/**
 * Makes sure the learner pool and the admin pool exist with their app clients and groups,
 * remembering their ids in `DATA_DIR/stack.json`.
 */
export async function ensurePools(endpoint: string, dataDir: string): Promise<StackState> {
  const saved = loadState(dataDir);
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  const state = { ...saved } as StackState;
  if (!saved.learnerPoolId || !(await poolExists(client, saved.learnerPoolId))) {
    const p = await createPool(client, 'gia-learners', POOL_GROUP.learner);
    state.learnerPoolId = p.poolId;
    state.learnerClientId = p.clientId;
  }
  if (!saved.adminPoolId || !(await poolExists(client, saved.adminPoolId))) {
    const p = await createPool(client, 'gia-admins', POOL_GROUP.admin);
    state.adminPoolId = p.poolId;
    state.adminClientId = p.clientId;
  }
  // Letters and digits, so the password always meets the policy.
  state.adminPassword ||= `Gia${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}7`;
  state.hlsPrivateKey ||= newHlsSigningKey();
  saveState(dataDir, state);
  client.destroy();
  return state;
}

/**
 * Points the handlers at the embedded services: the same variables a Lambda function gets in
 * AWS, plus the SDK's endpoint overrides.
 */
export function applyEnvironment(
  endpoints: ServiceEndpoints,
  state: StackState,
  dataDir: string,
): void {
  Object.assign(process.env, {
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb,
    AWS_ENDPOINT_URL_S3: endpoints.s3,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: endpoints.cognito,
    AWS_REQUEST_CHECKSUM_CALCULATION: 'WHEN_REQUIRED',
    TABLE_NAME,
    MEDIA_BUCKET,
    LEARNER_POOL_ID: state.learnerPoolId,
    LEARNER_CLIENT_ID: state.learnerClientId,
    ADMIN_POOL_ID: state.adminPoolId,
    ADMIN_CLIENT_ID: state.adminClientId,
    COGNITO_LOCAL_ISSUER_BASE: endpoints.cognito,
    MEDIA_URL_MODE: 'local',
    HLS_KEY_PAIR_ID: LOCAL_HLS_KEY_PAIR_ID,
    ...(state.hlsPrivateKey ? { HLS_PRIVATE_KEY: state.hlsPrivateKey } : {}),
    PAYMENTS_LOCAL_GATEWAY: '1',
    // Messages go to the outbox in DATA_DIR (GET /api/local/outbox), not out by e-mail.
    MAIL_OUTBOX_FILE: outboxFile(dataDir),
    // Plain http on loopback: the session cookie cannot be `Secure` here.
    SECURE_COOKIES: '0',
    // Every local client (browser, tests) is one loopback address: AWS's 10 sign-ups an hour
    // per client would stop the second test run.
    SIGNUP_MAX_PER_CLIENT: process.env.SIGNUP_MAX_PER_CLIENT ?? '1000',
  });
}
