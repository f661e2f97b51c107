import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { POOL_GROUP } from '@gia/functions';
import { acceptFindings } from '../nag.ts';

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
}

/**
 * Identity: the learner pool (self sign-up through the API) and the admin pool (admins are made by
 * admins, or by `npm run create-admin`). Both use the e-mail as user name and the contract's
 * password rule; each has one app client for the API (USER_PASSWORD_AUTH, refresh, revocation)
 * and the group the functions add users to.
 */
export class UserPools extends Construct {
  readonly learner: PoolAndClient;
  readonly admin: PoolAndClient;

  constructor(scope: Construct, id: string, props: UserPoolsProps) {
    super(scope, id);
    this.learner = this.pool('Learners', { kind: 'learner', selfSignUp: true, ...props });
    this.admin = this.pool('Admins', { kind: 'admin', selfSignUp: false, ...props });

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

  private pool(
    id: string,
    opts: { kind: 'learner' | 'admin'; selfSignUp: boolean; prod: boolean },
  ): PoolAndClient {
    const userPool = new cognito.UserPool(this, id, {
      // Learners sign up through the API (SignUp, then AdminConfirmSignUp); admins never do.
      selfSignUpEnabled: opts.selfSignUp,
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
      deletionProtection: opts.prod,
      removalPolicy: opts.prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const client = userPool.addClient('ApiClient', {
      authFlows: { userPassword: true },
      generateSecret: false,
      enableTokenRevocation: true,
      preventUserExistenceErrors: true,
      // No hosted UI, no OAuth flows or callback URLs: the API's own sign-in is the only way in.
      disableOAuth: true,
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes(
        WRITE_ATTRIBUTES[opts.kind],
      ),
      accessTokenValidity: ACCESS_TOKEN_VALIDITY[opts.kind],
      refreshTokenValidity: Duration.days(30),
    });
    new cognito.CfnUserPoolGroup(this, `${id}Group`, {
      userPoolId: userPool.userPoolId,
      groupName: POOL_GROUP[opts.kind],
    });
    return { userPool, client };
  }
}
