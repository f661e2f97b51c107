import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { SESSION_DAYS } from '@gia/shared';
import { POOL_GROUP } from '@gia/functions';
import { acceptFindings } from '../nag.ts';
import { BaseFunction } from './base-function.ts';
import type { DataTable } from './table.ts';
import type { Needs } from './api-route-group.ts';

/** The custom-auth trigger spends a sign-in proof (a conditional DeleteItem), and does no more. */
export const AUTH_TRIGGER_NEEDS = { table: ['DeleteItem'] } as const satisfies Needs;

/** A user pool and the app client the API signs in with. */
export interface PoolAndClient {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
}

/**
 * How long an access token of each pool lives. Functions verify tokens offline, so a token stays
 * usable until it expires even after sign-out or deletion (the admin routes also check that the
 * admin still exists): admins get the shortest window the product can live with, learners the
 * Cognito default (their refresh token, revoked at logout, renews it silently).
 */
export const ACCESS_TOKEN_VALIDITY = {
  learner: Duration.hours(1),
  admin: Duration.minutes(15),
} as const;

/**
 * How long a refresh token of each pool lives: exactly the session cookie's lifetime
 * (`SESSION_DAYS` of @gia/shared, which functions/src/lib/session-cookie.ts gives the cookie's
 * `Max-Age`), so the cookie and the token it carries expire together.
 */
export const REFRESH_TOKEN_VALIDITY = {
  learner: Duration.days(SESSION_DAYS.learner),
  admin: Duration.days(SESSION_DAYS.admin),
} as const;

/**
 * The e-mail Cognito sends with a code: a password reset code (ForgotPassword) and an e-mail
 * confirmation code use the same template, so it names neither. The admin pool sends it; the
 * learner pool's custom-message trigger writes those e-mails itself, in the learner's language
 * (issue 33, functions/src/lib/mail-texts.ts), as the local Cognito stand-in's outbox does
 * (scripts/src/cognito-local-extensions.cjs).
 */
export const CODE_EMAIL = {
  subject: 'Your GIA School code',
  body: [
    'Your GIA School code is {####}.',
    'Enter it on the page that asked for it, to choose a new password or to confirm this e-mail address. A password reset code works for one hour.',
    'If you did not ask for a code, ignore this e-mail: nothing changes without it.',
  ].join('\n\n'),
} as const;

/** The learner pool's custom-auth triggers (sign-in with an e-mailed code, issue 29). */
export const CUSTOM_AUTH_TRIGGERS = [
  cognito.UserPoolOperation.DEFINE_AUTH_CHALLENGE,
  cognito.UserPoolOperation.CREATE_AUTH_CHALLENGE,
  cognito.UserPoolOperation.VERIFY_AUTH_CHALLENGE_RESPONSE,
] as const;

/**
 * Which attributes a user may change with their own access token, straight against Cognito (the
 * API changes profiles with the admin API, which these do not limit). The e-mail is the pools'
 * required attribute: the learner client writes it at sign-up (SignUp) and Cognito wants required
 * attributes writable; with `keepOriginal` a changed address takes effect only once verified.
 */
export const WRITE_ATTRIBUTES = {
  learner: { email: true, fullname: true },
  admin: { email: true },
} as const satisfies Record<string, cognito.StandardAttributesMask>;

export interface UserPoolsProps {
  /** prod keeps the pools (and the accounts) when the stack is deleted. */
  readonly prod: boolean;
  /** The table whose one-time sign-in proofs (`SIGNINPROOF#…`) the custom-auth trigger spends. */
  readonly table: DataTable;
  readonly logRetention: logs.RetentionDays;
}

/**
 * Identity: the learner pool (self sign-up through the API) and the admin pool (admins are made by
 * admins, or by `npm run create-admin`). Both use the e-mail as user name and the contract's
 * password rule; each has one app client for the API (USER_PASSWORD_AUTH, refresh, revocation)
 * and the group the functions add users to. The learner pool also signs in with an e-mailed code:
 * its client allows CUSTOM_AUTH and {@link authTriggers} answers the one custom challenge.
 */
export class UserPools extends Construct {
  readonly learner: PoolAndClient;
  readonly admin: PoolAndClient;
  /** The learner pool's custom-auth triggers (functions/src/auth-triggers/handler.ts). */
  readonly authTriggers: NodejsFunction;

  constructor(scope: Construct, id: string, props: UserPoolsProps) {
    super(scope, id);
    this.learner = this.pool('Learners', { kind: 'learner', ...props });
    this.admin = this.pool('Admins', { kind: 'admin', ...props });

    // One function for the four triggers. It knows only the table (never the pool: the pool names
    // the function, so the function naming the pool would be a circular dependency) and may only
    // spend a sign-in proof there: a conditional DeleteItem.
    this.authTriggers = new BaseFunction(this, 'AuthTriggers', {
      entry: 'src/auth-triggers/handler.ts',
      description:
        'GIA School: the learner pool’s custom-auth and custom-message triggers (sign-in with a code, code e-mails in the learner’s language)',
      environment: { TABLE_NAME: props.table.table.tableName },
      // Cognito waits 5 s for a trigger, then fails the sign-in.
      timeout: Duration.seconds(5),
      logRetention: props.logRetention,
    }).fn;
    this.authTriggers.addToRolePolicy(
      new iam.PolicyStatement({
        actions: AUTH_TRIGGER_NEEDS.table.map((a) => `dynamodb:${a}`),
        resources: [props.table.table.tableArn],
      }),
    );
    for (const operation of CUSTOM_AUTH_TRIGGERS) {
      this.learner.userPool.addTrigger(operation, this.authTriggers);
    }
    // The same function words the learner pool's code e-mails in the learner's language (issue 33);
    // the back office stays English, so the admin pool keeps its template.
    this.learner.userPool.addTrigger(cognito.UserPoolOperation.CUSTOM_MESSAGE, this.authTriggers);

    acceptFindings(this, [
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The password rule is the product contract’s: at least 8 characters with a letter and a digit (the API checks the letter).',
      },
      {
        id: 'AwsSolutions-COG2',
        reason: 'Learners and admins sign in with e-mail and password; MFA is not in this release.',
      },
      {
        id: 'AwsSolutions-COG3',
        reason:
          'Threat protection needs the paid Plus plan; repeated sign-in failures per e-mail are refused (429) by the API itself.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason: 'The Plus feature plan is not needed for e-mail and password sign-in.',
      },
    ]);
  }

  private pool(id: string, opts: { kind: 'learner' | 'admin'; prod: boolean }): PoolAndClient {
    const userPool = new cognito.UserPool(this, id, {
      // Nobody signs up straight against Cognito: learners sign up through the API (its limits, the
      // profile record; AdminCreateUser with a verified e-mail), admins are made by admins.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      autoVerify: { email: true },
      // A new e-mail address is used for sign-in and messages only after its code is confirmed.
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        fullname: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: 8,
        requireDigits: true,
        requireLowercase: false,
        requireUppercase: false,
        requireSymbols: false,
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // Password reset codes (ForgotPassword) and e-mail confirmation codes, in our words.
      userVerification: {
        emailStyle: cognito.VerificationEmailStyle.CODE,
        emailSubject: CODE_EMAIL.subject,
        emailBody: CODE_EMAIL.body,
      },
      deletionProtection: opts.prod,
      removalPolicy: opts.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const client = userPool.addClient('ApiClient', {
      // Learners may also sign in with an e-mailed code (CUSTOM_AUTH, answered by the triggers).
      authFlows: { userPassword: true, custom: opts.kind === 'learner' },
      generateSecret: false,
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      // No hosted UI, no OAuth flows or callback URLs: the API's own sign-in is the only way in.
      disableOAuth: true,
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes(
        WRITE_ATTRIBUTES[opts.kind],
      ),
      accessTokenValidity: ACCESS_TOKEN_VALIDITY[opts.kind],
      refreshTokenValidity: REFRESH_TOKEN_VALIDITY[opts.kind],
    });
    new cognito.CfnUserPoolGroup(this, `${id}Group`, {
      userPoolId: userPool.userPoolId,
      groupName: POOL_GROUP[opts.kind],
    });
    return { userPool, client };
  }
}
