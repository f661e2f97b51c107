import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCES_DOCKERFILE } from '../src/constructs/sources-extraction.ts';
import { givenStacks, idOf, ofType, type Statement } from './template.ts';

const given = givenStacks();

describe('the AI teacher’s sources function', () => {
  it('is notified of objects created under private/notes/ and private/captions/ only', () => {
    const fnId = idOf(given.stack.api.sources);
    const configs = ofType('Custom::S3BucketNotifications').flatMap(
      ([, r]) =>
        (
          r.Properties.NotificationConfiguration as {
            LambdaFunctionConfigurations?: {
              Events: string[];
              Filter: { Key: { FilterRules: { Name: string; Value: string }[] } };
              LambdaFunctionArn: unknown;
            }[];
          }
        ).LambdaFunctionConfigurations ?? [],
    );
    const mine = configs.filter(
      (c) =>
        JSON.stringify(c.LambdaFunctionArn) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }),
    );
    expect(mine.map((c) => [c.Events, c.Filter.Key.FilterRules])).toEqual([
      [['s3:ObjectCreated:*'], [{ Name: 'prefix', Value: 'private/notes/' }]],
      [['s3:ObjectCreated:*'], [{ Name: 'prefix', Value: 'private/captions/' }]],
    ]);
    // S3 may invoke it, for this bucket only.
    const permissions = ofType('AWS::Lambda::Permission').filter(
      ([, p]) =>
        JSON.stringify(p.Properties.FunctionName) ===
        JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }),
    );
    expect(permissions.map(([, p]) => p.Properties.Principal)).toEqual(['s3.amazonaws.com']);
  });

  it('may read those prefixes and update items, nothing more', () => {
    const roleId = idOf(given.stack.api.sources.role!);
    const statements = ofType('AWS::IAM::Policy')
      .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
      .filter((s) => ![s.Action].flat().every((a) => a.startsWith('xray:')));
    const actions = statements.flatMap((s) => [s.Action].flat()).sort();
    expect(actions).toEqual(['dynamodb:UpdateItem', 's3:GetObject']);
    const resources = JSON.stringify(
      statements.filter((s) => [s.Action].flat().includes('s3:GetObject')),
    );
    expect(resources).toContain('/private/notes/*');
    expect(resources).toContain('/private/captions/*');
  });

  it('runs the sources handler as a container image (poppler, tesseract) on arm64, traced, with ten minutes to OCR a long scan', () => {
    const fn = ofType('AWS::Lambda::Function').find(([id]) => id === idOf(given.stack.api.sources));
    const props = fn![1].Properties as Record<string, unknown>;
    expect(props).toMatchObject({
      PackageType: 'Image',
      Architectures: ['arm64'],
      Timeout: 600,
      MemorySize: 2048,
      TracingConfig: { Mode: 'Active' },
      Description: 'GIA School: extract the text of uploaded notes and captions',
    });
    // An image has no runtime or handler of Lambda's: the Dockerfile's entry point runs it.
    expect(props.Runtime).toBeUndefined();
    expect(JSON.stringify(props.Code)).toContain('ImageUri');
    const vars = (props.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(Object.keys(vars)).toEqual(expect.arrayContaining(['TABLE_NAME', 'MEDIA_BUCKET']));
    const logGroupId = (props.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    expect(given.resources[logGroupId]!.Properties.RetentionInDays).toBe(90);
  });

  it('builds its image from the repository’s Dockerfile with Debian’s poppler and Kannada and Hindi tesseract', () => {
    const dockerfile = readFileSync(SOURCES_DOCKERFILE, 'utf8');
    expect(dockerfile).toMatch(/^FROM node:24|ARG NODE_IMAGE=node:24-/m);
    for (const pkg of [
      'poppler-utils',
      'tesseract-ocr',
      'tesseract-ocr-kan',
      'tesseract-ocr-hin',
    ]) {
      expect(dockerfile).toMatch(new RegExp(`\\s${pkg}(\\s|$)`, 'm'));
    }
    expect(dockerfile).toContain('CMD ["index.handler"]');
    // The asset (built at deploy, not at synth) is for arm64, as the function runs.
    const assets = JSON.parse(
      readFileSync(join(given.app.outdir, `${given.stack.artifactId}.assets.json`), 'utf8'),
    ) as { dockerImages: Record<string, { source: { platform?: string; directory: string } }> };
    const images = Object.values(assets.dockerImages);
    expect(images.map((i) => i.source.platform)).toEqual(['linux/arm64']);
    const context = join(given.app.outdir, images[0]!.source.directory);
    expect(readFileSync(join(context, 'Dockerfile'), 'utf8')).toBe(dockerfile);
    expect(readFileSync(join(context, 'index.mjs'), 'utf8')).toContain('pdftotext');
  });
});
