import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
/** The uploaded objects the handler reads, by key (the S3 edge, stubbed). */
const objects = new Map<string, Uint8Array>();
vi.mock('../lib/s3-presign.ts', () => ({
  getObject: async (key: string) => objects.get(key),
}));
const { extractSource } = await import('./handler.ts');
const { resetEnvForTests } = await import('../lib/env.ts');
const { logger } = await import('../lib/logger.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);
const kannadaPdf = new Uint8Array(
  readFileSync(new URL('../../../scripts/assets/notes/photosynthesis-kn.pdf', import.meta.url)),
);

/** The last write of the source item: what the extraction stored. */
const stored = () => {
  const input = ddbMock.commandCalls(UpdateCommand).at(-1)!.args[0].input;
  const values = input.ExpressionAttributeValues as Record<string, unknown>;
  return { expression: input.UpdateExpression!, values };
};

describe('the sources function on a notes upload', () => {
  afterEach(() => {
    ddbMock.reset();
    objects.clear();
    delete process.env.PDFTOTEXT_PATH;
    resetEnvForTests();
    vi.restoreAllMocks();
  });

  it('stores Kannada notes read through their /ActualText, says so, and logs which read it was', async () => {
    // Given Kannada notes printed with shaping
    const key = 'private/notes/t/photosynthesis-kn.pdf';
    objects.set(key, kannadaPdf);
    const info = vi.spyOn(logger, 'info');
    // When the sources function extracts them
    await extractSource(key);
    // Then the item is ready with readable Kannada pages, the read named, no OCR pages left over
    const { expression, values } = stored();
    expect(values[':status']).toBe('ready');
    expect(values[':method']).toBe('actual-text');
    expect((values[':pages'] as string[])[0]).toMatch(/^ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ/);
    expect(expression).toMatch(/REMOVE .*#ocr_pages/);
    expect(info).toHaveBeenCalledWith(
      'notes extracted',
      expect.objectContaining({ key, method: 'actual-text', pages: 3 }),
    );
  });

  it('stores what pdf.js read, as text-layer, when poppler is missing: never a failed file', async () => {
    process.env.PDFTOTEXT_PATH = '/nowhere/pdftotext';
    resetEnvForTests();
    const key = 'private/notes/t/no-poppler.pdf';
    objects.set(key, kannadaPdf);
    vi.spyOn(logger, 'warn');
    await extractSource(key);
    const { values } = stored();
    expect(values[':status']).toBe('ready');
    expect(values[':method']).toBe('text-layer');
    expect(values[':error']).toBeUndefined();
  });
});
