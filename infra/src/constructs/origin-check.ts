import { Duration } from 'aws-cdk-lib';
import {
  HttpLambdaAuthorizer,
  HttpLambdaResponseType,
} from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acceptFindings } from '../nag.ts';
import { FUNCTION_RUNTIME } from './base-function.ts';

/** The header CloudFront adds to every request it forwards to the API (a viewer's is replaced). */
export const ORIGIN_HEADER = 'x-origin-verify';

/**
 * The authorizer's code (CommonJS, inline: no dependency but the AWS SDK of the Lambda runtime).
 * It reads the expected value once per cold start and compares in constant time.
 */
export const ORIGIN_CHECK_CODE = `const { SecretsManagerClient, GetSecretValueCommand } = require('@aws-sdk/client-secrets-manager');
const { timingSafeEqual } = require('node:crypto');
const client = new SecretsManagerClient({});
let expected;
exports.handler = async (event) => {
  expected ??= client
    .send(new GetSecretValueCommand({ SecretId: process.env.ORIGIN_SECRET_ARN }))
    .then((r) => Buffer.from(r.SecretString ?? ''));
  let want;
  try {
    want = await expected;
  } catch (e) {
    expected = undefined;
    throw e;
  }
  const got = Buffer.from(String((event.headers ?? {})['${ORIGIN_HEADER}'] ?? ''));
  return { isAuthorized: want.length > 0 && got.length === want.length && timingSafeEqual(got, want) };
};`;

export interface OriginCheckProps {
  readonly logRetention: logs.RetentionDays;
}

/**
 * Keeps the API's `execute-api` endpoint from being used around CloudFront (and its WAF): a
 * generated secret that CloudFront sends as {@link ORIGIN_HEADER}, and an HTTP API Lambda
 * authorizer on every route that lets only requests carrying it through. A request without the
 * header is refused by API Gateway itself (401); a wrong value gets 403. The answer is cached per
 * header value for an hour, so the check costs one small invocation per hour, not per request.
 * (The endpoint cannot simply be disabled: CloudFront reaches the API through it.)
 */
export class OriginCheck extends Construct {
  readonly secret: secretsmanager.Secret;
  readonly fn: lambda.Function;
  readonly authorizer: HttpLambdaAuthorizer;

  constructor(scope: Construct, id: string, props: OriginCheckProps) {
    super(scope, id);
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      description: `GIA School: the ${ORIGIN_HEADER} header value CloudFront sends to the API.`,
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
    });
    this.fn = new lambda.Function(this, 'Fn', {
      description: 'GIA School: lets only requests from CloudFront reach the API',
      runtime: FUNCTION_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: lambda.Code.fromInline(ORIGIN_CHECK_CODE),
      memorySize: 128,
      timeout: Duration.seconds(5),
      environment: { ORIGIN_SECRET_ARN: this.secret.secretArn },
      logGroup: new logs.LogGroup(this, 'Logs', { retention: props.logRetention }),
    });
    this.secret.grantRead(this.fn);
    this.authorizer = new HttpLambdaAuthorizer('OriginCheck', this.fn, {
      authorizerName: 'cloudfront-origin',
      identitySource: [`$request.header.${ORIGIN_HEADER}`],
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      resultsCacheTtl: Duration.hours(1),
    });
    acceptFindings(this, [
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason: 'The AWS managed basic execution role only lets the function write its own logs.',
      },
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'CloudFront reads the value at deploy time (a dynamic reference), so a rotation is a new value followed by a deploy, not a Secrets Manager rotation function.',
      },
    ]);
  }

  /** The header value for CloudFront: a dynamic reference CloudFormation resolves at deploy. */
  get headerValue(): string {
    return this.secret.secretValue.unsafeUnwrap();
  }
}
