import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, Stack } from 'aws-cdk-lib';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { LAMBDA_EXTERNAL_MODULES } from '@gia/functions';
import { grantNeeds, type ApiResources, type Needs } from './api-route-group.ts';
import { acceptFunctionFindings, BUNDLE_TARGET } from './base-function.ts';
import { acceptFindings } from '../nag.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The Dockerfile of the sources function's image (Debian, poppler, tesseract kan+hin). */
export const SOURCES_DOCKERFILE = `${repoRoot}infra/docker/sources-extraction/Dockerfile`;

/** The id CDK gives its singleton function that puts a stack's bucket notifications. */
const NOTIFICATIONS_HANDLER = 'BucketNotificationsHandler050a0587b7544547bf325f094a3db834';

/** Where the sources function is notified: uploaded notes and captions. */
export const SOURCE_PREFIXES = ['private/notes/', 'private/captions/'] as const;

/**
 * It reads the uploaded object and writes its extracted text (`SOURCE#<key>`, an UpdateItem).
 */
export const SOURCES_NEEDS: Needs = { table: ['UpdateItem'], mediaRead: [...SOURCE_PREFIXES] };

/**
 * The image's build context: its Dockerfile and the handler bundled by esbuild as every other
 * function is (ESM, minified, source maps, the AWS SDK bundled; BaseFunction), in a temporary
 * folder removed when the process ends (synth copies it into the cloud assembly; the source map
 * names files relative to the folder's parent, so an unchanged function keeps its asset hash and
 * its image). Synth needs no Docker: the image is built by deploy.
 */
function imageContext(): string {
  const directory = mkdtempSync(join(tmpdir(), 'gia-sources-image-'));
  process.once('exit', () => rmSync(directory, { recursive: true, force: true }));
  copyFileSync(SOURCES_DOCKERFILE, join(directory, 'Dockerfile'));
  buildSync({
    entryPoints: [`${repoRoot}functions/src/sources/handler.ts`],
    outfile: join(directory, 'index.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: BUNDLE_TARGET,
    minify: true,
    sourcemap: true,
    mainFields: ['module', 'main'],
    external: [...LAMBDA_EXTERNAL_MODULES],
    // Some CommonJS dependencies call require(); ESM output needs it defined.
    banner: {
      js: "import { createRequire } from 'module';const require = createRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  return directory;
}

export interface SourcesExtractionProps {
  readonly resources: ApiResources;
  /** The variables every function gets (table, bucket, pools, log level). */
  readonly environment: Record<string, string>;
  readonly logRetention: logs.RetentionDays;
}

/**
 * The AI teacher's sources function (docs/ai-teacher.md): S3 ObjectCreated notifications of
 * `private/notes/` and `private/captions/` run `functions/src/sources/handler.ts`, which extracts a
 * PDF's text per page or a WebVTT file's cues. Kannada and Hindi notes need poppler's pdftotext
 * and scanned pages tesseract (issue 33), so it is a container-image function
 * ({@link SOURCES_DOCKERFILE}) rather than a zip; otherwise it is set up as BaseFunction sets up
 * every function: Node 24 on arm64, X-Ray tracing, its own log group. Separate from the video
 * pipeline's notifications (other prefixes).
 */
export class SourcesExtraction extends Construct {
  readonly fn: lambda.DockerImageFunction;

  constructor(scope: Construct, id: string, props: SourcesExtractionProps) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: props.logRetention });
    this.fn = new lambda.DockerImageFunction(this, 'Function', {
      code: lambda.DockerImageCode.fromImageAsset(imageContext(), {
        platform: Platform.LINUX_ARM64,
      }),
      architecture: lambda.Architecture.ARM_64,
      description: 'GIA School: extract the text of uploaded notes and captions',
      // OCR of a scanned page takes seconds of CPU; memory buys the vCPUs tesseract uses.
      memorySize: 2048,
      // A long scanned PDF takes minutes; the handler stops OCR in time to save what it read.
      // S3 retries a failed asynchronous invocation twice.
      timeout: Duration.minutes(10),
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    });
    acceptFunctionFindings(this);
    grantNeeds(this.fn, SOURCES_NEEDS, props.resources);
    const bucket = props.resources.media.bucket;
    for (const prefix of SOURCE_PREFIXES) {
      bucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(this.fn), {
        prefix,
      });
    }
    const notifications = Stack.of(this).node.tryFindChild(NOTIFICATIONS_HANDLER);
    if (notifications) {
      acceptFindings(notifications, [
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'CDK’s bucket-notifications function (it puts the media bucket’s S3 event notifications) writes its own logs with the basic execution role.',
        },
      ]);
    }
  }
}
