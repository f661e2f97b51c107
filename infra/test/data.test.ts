import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { LEARNER_PENDING_PREFIX } from '@gia/shared';
import { TABLE_DEFINITION } from '@gia/functions';
import { DataTable } from '../src/constructs/table.ts';
import { HEAVY, idOf, ofType, givenStacks, type Resource, type Statement } from './template.ts';

const given = givenStacks();

describe('the data', () => {
  it('builds the table from the data layer’s keys and indexes, on demand, with PITR and TTL', () => {
    const [[, table]] = ofType('AWS::DynamoDB::GlobalTable') as [[string, Resource]];
    const p = table.Properties as {
      KeySchema: unknown;
      AttributeDefinitions: { AttributeName: string; AttributeType: string }[];
      GlobalSecondaryIndexes: { IndexName: string; KeySchema: unknown }[];
      TimeToLiveSpecification: unknown;
      BillingMode: string;
      Replicas: { PointInTimeRecoverySpecification: unknown; DeletionProtectionEnabled: boolean }[];
    };
    const keys = (pk: string, sk: string) => [
      { AttributeName: pk, KeyType: 'HASH' },
      { AttributeName: sk, KeyType: 'RANGE' },
    ];
    expect(p.KeySchema).toEqual(keys(TABLE_DEFINITION.partitionKey, TABLE_DEFINITION.sortKey));
    expect(p.GlobalSecondaryIndexes.map((g) => [g.IndexName, g.KeySchema])).toEqual(
      TABLE_DEFINITION.globalSecondaryIndexes.map((g) => [
        g.indexName,
        keys(g.partitionKey, g.sortKey),
      ]),
    );
    expect(p.AttributeDefinitions.every((a) => a.AttributeType === 'S')).toBe(true);
    expect(p.TimeToLiveSpecification).toEqual({
      AttributeName: TABLE_DEFINITION.ttlAttribute,
      Enabled: true,
    });
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.Replicas[0]).toMatchObject({
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      DeletionProtectionEnabled: true,
    });
    expect(table.DeletionPolicy).toBe('Retain');
  });

  // Synthesizes a stack of its own.
  it('lets a dev table go with its stack', { timeout: HEAVY }, () => {
    const dev = new Stack(new App(), 'Dev');
    new DataTable(dev, 'Data', { prod: false });
    const t = Template.fromStack(dev);
    t.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
    t.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ DeletionProtectionEnabled: false })],
    });
  });

  it('keeps every bucket private: public access blocked, owner-enforced, TLS only', () => {
    const buckets = ofType('AWS::S3::Bucket');
    expect(buckets).toHaveLength(2); // media, site
    for (const [, b] of buckets) {
      expect(b.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(b.Properties.OwnershipControls).toEqual({
        Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }],
      });
    }
    // No bucket policy allows anyone: only CloudFront (through OAC) and the stack's own roles.
    for (const [, p] of ofType('AWS::S3::BucketPolicy')) {
      for (const s of (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement) {
        if (s.Effect === 'Allow') expect(JSON.stringify(s.Principal)).not.toMatch(/"\*"|^"\*"$/);
      }
    }
  });

  it('takes presigned POST uploads from the site only and drops incomplete ones (finding 19)', () => {
    given.template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
        ]),
      },
    });
    // No bucket allows any origin: the media bucket's rules are put once the site exists.
    for (const [, b] of ofType('AWS::S3::Bucket'))
      expect(b.Properties.CorsConfiguration).toBeUndefined();
    const [[, cors]] = ofType('Custom::AWS') as [[string, Resource]];
    const create = JSON.stringify(cors.Properties.Create);
    const distributionId = idOf(given.stack.web.distribution);
    // {"service":"S3","action":"putBucketCors",…"AllowedOrigins":["https://<distribution domain>"]…}
    expect(create).toContain('putBucketCors');
    expect(create).toContain(idOf(given.stack.media.bucket));
    expect(create).toMatch(
      new RegExp(`AllowedOrigins.{0,40}https://.{0,80}${distributionId}.{0,40}DomainName`),
    );
    expect(create).not.toMatch(/AllowedOrigins[^\]]*\*/);
    expect(JSON.stringify(cors.Properties.Update)).toBe(create);
  });

  it('removes a learner’s image left unattached under private/tmp/ after a day (finding 16)', () => {
    const media = given.resources[idOf(given.stack.media.bucket)]!.Properties as {
      LifecycleConfiguration: { Rules: Record<string, unknown>[] };
    };
    const expiring = media.LifecycleConfiguration.Rules.filter((r) => 'ExpirationInDays' in r);
    // One rule, on the pending folder only: every other key of the bucket is kept.
    expect(expiring).toEqual([
      {
        Id: 'ExpireUnattachedUploads',
        Prefix: LEARNER_PENDING_PREFIX,
        ExpirationInDays: 1,
        Status: 'Enabled',
      },
    ]);
    expect(LEARNER_PENDING_PREFIX).toBe('private/tmp/');
  });
});
