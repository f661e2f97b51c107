import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { AWS_CLIENT_CONFIG } from './aws-calls.ts';

/**
 * The Cognito client (endpoint from `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER` locally), within
 * the time budget of {@link AWS_CLIENT_CONFIG}.
 */
export const cognito = new CognitoIdentityProviderClient(AWS_CLIENT_CONFIG);
