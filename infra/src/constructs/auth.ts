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
    this.learner = this.pool('Learners', { selfSignUp: true, group: POOL_GROUP.learner, ...props });
    this.admin = this.pool('Admins', { selfSignUp: false, group: POOL_GROUP.admin, ...props });

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
    opts: { selfSignUp: boolean; group: string; prod: boolean },
  ): PoolAndClient {
    const userPool = new cognito.UserPool(this, id, {
      // Learners sign up through the API (SignUp, then AdminConfirmSignUp); admins never do.
      selfSignUpEnabled: opts.selfSignUp,
      signInAliases: { email: true },
      autoVerify: { email: true },
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
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });
    new cognito.CfnUserPoolGroup(this, `${id}Group`, {
      userPoolId: userPool.userPoolId,
      groupName: opts.group,
    });
    return { userPool, client };
  }
}
