import { describe, expect, it } from 'vitest';
import { BASES, ROUTES } from '@gia/shared';
import { PUBLIC_CACHE_PATHS } from '../src/constructs/web-hosting.ts';
import { givenStacks, ofType } from './template.ts';

givenStacks();

/** The CloudFront behaviours and cache policy of the public catalogue reads (issue 30, item 4). */
describe('the catalogue from the edge', () => {
  const config = () =>
    ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig as {
      CacheBehaviors: Record<string, unknown>[];
    };
  const behavior = (path: string) => config().CacheBehaviors.find((b) => b.PathPattern === path)!;
  const cataloguePolicy = () => {
    const [id, policy] = ofType('AWS::CloudFront::CachePolicy').find(([, r]) =>
      String((r.Properties.CachePolicyConfig as { Comment?: string }).Comment).includes(
        'catalogue',
      ),
    )!;
    return {
      ref: { Ref: id },
      config: policy.Properties.CachePolicyConfig as Record<string, unknown>,
    };
  };

  it('has one behaviour for each public catalogue read of the route table, and none for the personal call', () => {
    const L = `${BASES.learner}/data`;
    expect([...PUBLIC_CACHE_PATHS].sort()).toEqual(
      [
        `${L}/getBoards`,
        `${L}/getChapters`,
        `${L}/getClasses`,
        `${L}/getClasses_Byid/*`,
        `${L}/getSubSubjects`,
        `${L}/getSubjectOutline/*`,
        `${L}/getSubjects`,
        `${L}/getTopics`,
        `${L}/gettestimonial`,
      ].sort(),
    );
    const personal = ROUTES.find((r) => r.name === 'catalogue.getMyCatalogueState')!;
    expect(config().CacheBehaviors.map((b) => b.PathPattern)).not.toContain(personal.path);
  });

  it('sends them to the API with GET and HEAD only, cached by the catalogue policy, compressed, ahead of /api/*', () => {
    const patterns = config().CacheBehaviors.map((b) => b.PathPattern as string);
    for (const path of PUBLIC_CACHE_PATHS) {
      expect(patterns.indexOf(path), path).toBeLessThan(patterns.indexOf('/api/*'));
      expect(behavior(path), path).toMatchObject({
        TargetOriginId: behavior('/api/*').TargetOriginId,
        AllowedMethods: ['GET', 'HEAD'],
        CachedMethods: ['GET', 'HEAD'],
        CachePolicyId: cataloguePolicy().ref,
        Compress: true,
        ViewerProtocolPolicy: 'https-only',
      });
    }
  });

  it('never passes a viewer’s Authorization header or cookies to the API on those paths', () => {
    for (const path of PUBLIC_CACHE_PATHS) {
      // No origin request policy: only what the cache key holds (the query string) goes on.
      expect(behavior(path).OriginRequestPolicyId, path).toBeUndefined();
      expect(behavior(path).FunctionAssociations, path).toBeUndefined();
    }
  });

  it('keys the cache on the path and the query string only', () => {
    expect(cataloguePolicy().config.ParametersInCacheKeyAndForwardedToOrigin).toEqual({
      HeadersConfig: { HeaderBehavior: 'none' },
      CookiesConfig: { CookieBehavior: 'none' },
      QueryStringsConfig: { QueryStringBehavior: 'all' },
      EnableAcceptEncodingGzip: true,
      EnableAcceptEncodingBrotli: true,
    });
  });

  it('keeps what the API’s Cache-Control says, never longer than a minute, and nothing unmarked', () => {
    expect(cataloguePolicy().config).toMatchObject({ MinTTL: 0, DefaultTTL: 0, MaxTTL: 60 });
  });

  it('leaves the login paths and media as they were', () => {
    const api = behavior('/api/*');
    for (const path of [`${BASES.learner}/login/*`, `${BASES.admin}/login/*`]) {
      expect(behavior(path).CachePolicyId, path).toEqual(api.CachePolicyId);
      expect(behavior(path).OriginRequestPolicyId, path).toEqual(api.OriginRequestPolicyId);
    }
    expect(behavior('/media/public/*').CachePolicyId).not.toEqual(cataloguePolicy().ref);
  });
});
