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

  constructor(scope: Construct, id: string) {
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
    acceptFindings(this, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Razorpay and OpenAI keys are issued and rotated by those providers; Secrets Manager cannot rotate them.',
      },
    ]);
  }
}
