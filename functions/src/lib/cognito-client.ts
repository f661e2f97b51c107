import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';

/** The Cognito client (endpoint from `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER` locally). */
export const cognito = new CognitoIdentityProviderClient({});
