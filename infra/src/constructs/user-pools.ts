import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { POOL_GROUP } from '@gia/functions';

/** A pool with the contract's password rule, e-mail as user name, and the API's app client. */
function pool(scope: Construct, id: string, selfSignUp: boolean, group: string, prod: boolean) {
  const userPool = new cognito.UserPool(scope, id, {
    selfSignUpEnabled: selfSignUp,
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
    removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    deletionProtection: prod,
  });
  const client = userPool.addClient('ApiClient', {
    authFlows: { userPassword: true },
    generateSecret: false,
    enableTokenRevocation: true,
    preventUserExistenceErrors: true,
    accessTokenValidity: Duration.hours(1),
    refreshTokenValidity: Duration.days(30),
  });
  new cognito.CfnUserPoolGroup(scope, `${id}Group`, {
    userPoolId: userPool.userPoolId,
    groupName: group,
  });
  return { userPool, client };
}

/** The learner pool (self sign-up) and the admin pool (admins create admins). */
export class UserPools extends Construct {
  readonly learner: { userPool: cognito.UserPool; client: cognito.UserPoolClient };
  readonly admin: { userPool: cognito.UserPool; client: cognito.UserPoolClient };

  constructor(scope: Construct, id: string, props: { prod: boolean }) {
    super(scope, id);
    this.learner = pool(this, 'Learners', true, POOL_GROUP.learner, props.prod);
    this.admin = pool(this, 'Admins', false, POOL_GROUP.admin, props.prod);
  }
}
