import { Annotations } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acceptFindings } from '../nag.ts';

/** The placeholder a provider key keeps until an operator puts the real one in. */
export const PLACEHOLDER = 'REPLACE_ME';

/**
 * Provider keys in Secrets Manager. The functions of the `payments` and `ai` groups get the
 * secret's ARN (`RAZORPAY_SECRET_ARN`, `OPENAI_SECRET_ARN`) and read it once per cold start; a
 * value still `REPLACE_ME…` leaves that provider off. DEPLOY.md says how to fill them in.
 */
export class ProviderSecrets extends Construct {
  /** JSON `{key_id, key_secret, webhook_secret}`; the webhook secret is generated. */
  readonly razorpay: secretsmanager.Secret;
  /** JSON `{api_key}`. */
  readonly openai: secretsmanager.Secret;
  /**
   * HLS access cookies (issue 15): JSON `{private_key}` (PEM), the private half of
   * {@link hlsPublicKey}; the catalogue and purchases functions sign CloudFront cookies with it.
   */
  readonly hlsSigning: secretsmanager.Secret;
  /** The CloudFront public key and the key group `/media/private/hls/*` trusts (when configured). */
  readonly hlsPublicKey?: cloudfront.PublicKey;
  readonly hlsKeyGroup?: cloudfront.KeyGroup;

  constructor(scope: Construct, id: string, props: { hlsPublicKey?: string } = {}) {
    super(scope, id);
    this.razorpay = new secretsmanager.Secret(this, 'Razorpay', {
      description:
        'GIA School: Razorpay key_id and key_secret (from the Razorpay dashboard) and webhook_secret (set the same value on the Razorpay webhook).',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ key_id: PLACEHOLDER, key_secret: PLACEHOLDER }),
        generateStringKey: 'webhook_secret',
        excludePunctuation: true,
        passwordLength: 40,
      },
    });
    this.openai = new secretsmanager.Secret(this, 'OpenAi', {
      description: 'GIA School: OpenAI API key for the AI teacher, JSON {"api_key": "sk-..."}.',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ api_key: PLACEHOLDER }),
        // Secrets Manager must generate something; this field is not read.
        generateStringKey: 'unused',
        excludePunctuation: true,
      },
    });
    this.hlsSigning = new secretsmanager.Secret(this, 'HlsSigningKey', {
      description:
        'GIA School: the RSA private key (PEM) of the CloudFront public key GIA_HLS_PUBLIC_KEY, JSON {"private_key": "-----BEGIN PRIVATE KEY-----..."}; it signs the HLS access cookies.',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ private_key: PLACEHOLDER }),
        generateStringKey: 'unused',
        excludePunctuation: true,
      },
    });
    if (props.hlsPublicKey) {
      this.hlsPublicKey = new cloudfront.PublicKey(this, 'HlsPublicKey', {
        encodedKey: props.hlsPublicKey,
        comment: 'GIA School: checks the signed cookies of HLS videos',
      });
      this.hlsKeyGroup = new cloudfront.KeyGroup(this, 'HlsKeyGroup', {
        items: [this.hlsPublicKey],
        comment: 'GIA School: trusted signers of /media/private/hls/*',
      });
    } else {
      Annotations.of(this).addWarningV2(
        'gia:hls-key-missing',
        'GIA_HLS_PUBLIC_KEY is not set: transcoded videos are not delivered (learners play the MP4).',
      );
    }
    acceptFindings(this, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Razorpay and OpenAI keys are issued and rotated by those providers; Secrets Manager cannot rotate them. The HLS signing key is rotated by adding a second public key to the CloudFront key group, which Secrets Manager rotation cannot do.',
      },
    ]);
  }
}
