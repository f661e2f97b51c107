import { fileURLToPath } from 'node:url';
import { Duration } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { LAMBDA_EXTERNAL_MODULES } from '@gia/functions';
import { acceptFindings } from '../nag.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The Lambda runtime of every function of the product, and the esbuild target matching it. */
export const FUNCTION_RUNTIME = lambda.Runtime.NODEJS_24_X;
export const BUNDLE_TARGET = 'node24';

/**
 * The AWS Parameters and Secrets Lambda Extension, given to every function whose environment names
 * a secret (`*_SECRET_ARN`): functions/src/lib/secrets.ts reads the secret from it over
 * localhost instead of bundling the Secrets Manager SDK client. It caches each secret (5 minutes,
 * its default) and needs only the function's own secretsmanager:GetSecretValue grant.
 */
export const SECRETS_EXTENSION = lambda.ParamsAndSecretsLayerVersion.fromVersion(
  lambda.ParamsAndSecretsVersions.V1_0_103,
  { logLevel: lambda.ParamsAndSecretsLogLevel.WARN },
);

/** Whether a function's environment names a secret it reads through the extension. */
export const readsSecrets = (environment: Record<string, string>): boolean =>
  Object.keys(environment).some((k) => k.endsWith('_SECRET_ARN'));

export interface BaseFunctionProps {
  /** The handler file, relative to the `functions` workspace (it exports `handler`). */
  readonly entry: string;
  readonly environment: Record<string, string>;
  readonly timeout?: Duration;
  readonly logRetention: logs.RetentionDays;
  readonly description?: string;
  /** Modules left out of the bundle; by default the credential providers Lambda never uses. */
  readonly externalModules?: readonly string[];
  /** esbuild `define`s of the bundle (a route group's own routes: `lambdaBundling()`). */
  readonly define?: Readonly<Record<string, string>>;
  /** Files of `node_modules` copied beside the bundle into `folder` (e.g. fonts). */
  readonly copyFiles?: { readonly folder: string; readonly files: readonly string[] };
}

/** Bundling hooks that copy files of `node_modules` into a folder of the bundle. */
function copyHooks(copy: NonNullable<BaseFunctionProps['copyFiles']>) {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) => [
      `mkdir -p "${outputDir}/${copy.folder}"`,
      ...copy.files.map((f) => `cp "${inputDir}/node_modules/${f}" "${outputDir}/${copy.folder}/"`),
    ],
  };
}

/**
 * A Lambda function as every part of the API gets it: Node.js 24 (the newest LTS runtime that
 * aws-cdk-lib offers) on arm64, bundled locally by
 * esbuild (ESM, minified, source maps, the AWS SDK clients bundled so the code runs with the
 * versions it was tested with), X-Ray tracing and a log group with a fixed retention; the
 * secrets extension layer where it reads a secret ({@link SECRETS_EXTENSION}).
 */
export class BaseFunction extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, id: string, props: BaseFunctionProps) {
    super(scope, id);
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: props.logRetention });
    this.fn = new NodejsFunction(this, 'Fn', {
      entry: `${repoRoot}functions/${props.entry}`,
      handler: 'handler',
      description: props.description,
      runtime: FUNCTION_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      // API Gateway gives up after 29 s; a function should not outlive its caller.
      timeout: props.timeout ?? Duration.seconds(29),
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      paramsAndSecrets: readsSecrets(props.environment) ? SECRETS_EXTENSION : undefined,
      projectRoot: repoRoot,
      depsLockFilePath: `${repoRoot}package-lock.json`,
      bundling: {
        format: OutputFormat.ESM,
        target: BUNDLE_TARGET,
        minify: true,
        sourceMap: true,
        bundleAwsSDK: true,
        // Only modules behind dynamic imports that never run in Lambda (see LAMBDA_EXTERNAL_MODULES).
        externalModules: [...(props.externalModules ?? LAMBDA_EXTERNAL_MODULES)],
        define: props.define && { ...props.define },
        logLevel: LogLevel.ERROR,
        mainFields: ['module', 'main'],
        // Some CommonJS dependencies call require(); ESM output needs it defined.
        banner:
          "import { createRequire } from 'module';const require = createRequire(import.meta.url);",
        commandHooks: props.copyFiles && copyHooks(props.copyFiles),
      },
    });
    acceptFunctionFindings(this);
  }
}

/** The findings every function of ours accepts: its logs role, and X-Ray's unscoped actions. */
export function acceptFunctionFindings(scope: Construct): void {
  acceptFindings(scope, [
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: 'The AWS managed basic execution role only lets the function write its own logs.',
    },
    {
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray tracing (xray:PutTraceSegments, xray:PutTelemetryRecords) has no resource-level permissions.',
    },
  ]);
}
