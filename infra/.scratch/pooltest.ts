import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { UserPools } from '../src/constructs/auth.ts';
const s = new Stack(new App(), 'X');
new UserPools(s, 'I', { prod: false });
const t = Template.fromStack(s).toJSON();
for (const [k, r] of Object.entries<any>(t.Resources)) if (r.Type.startsWith('AWS::Cognito::UserPool') && r.Type !== 'AWS::Cognito::UserPoolGroup') console.log(k, JSON.stringify(r.Properties, null, 0));
