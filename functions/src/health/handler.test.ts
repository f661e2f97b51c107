import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { routePath } from '@gia/shared';
import { httpEvent, lambdaContext } from '../../test/event.ts';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV, { LOG_LEVEL: 'SILENT' });
const { handler } = await import('./handler.ts');
const { NOT_READY_MESSAGE } = await import('./service.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);
const call = (path: string) => handler(httpEvent('GET', path), lambdaContext);

beforeEach(() => ddbMock.reset());

describe('health', () => {
  it('answers ready after one read of the table', async () => {
    ddbMock.on(GetCommand).resolves({});
    const res = await call(routePath('health.ready'));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body ?? '')).toEqual({ status: 'ready' });
    expect(ddbMock.commandCalls(GetCommand)).toHaveLength(1);
    expect(ddbMock.commandCalls(GetCommand)[0]?.args[0].input.TableName).toBe(TEST_ENV.TABLE_NAME);
  });

  it('answers 503 when the table does not answer in time, while liveness stays 200', async () => {
    // A frozen store: the read never answers.
    ddbMock.on(GetCommand).callsFake(() => new Promise(() => undefined));
    const res = await call(routePath('health.ready'));
    expect(res.statusCode).toBe(503);
    expect(JSON.parse(res.body ?? '')).toEqual({
      message: NOT_READY_MESSAGE,
      code: 'UNAVAILABLE',
      message_code: 'app.not_ready',
    });
    expect((await call(routePath('health'))).statusCode).toBe(200);
  });

  it('answers 503 without internals when the read fails', async () => {
    ddbMock.on(GetCommand).rejects(new Error('connect ECONNREFUSED 127.0.0.1:8000'));
    const res = await call(routePath('health.ready'));
    expect(res.statusCode).toBe(503);
    expect(res.body).not.toContain('ECONNREFUSED');
  });
});
