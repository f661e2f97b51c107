import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { TEST_ENV } from '../../test/tokens.ts';

Object.assign(process.env, TEST_ENV);
const { getSellerSettings } = await import('./service.ts');

const ddbMock = mockClient(DynamoDBDocumentClient);

const KARNATAKA = {
  legal_name: 'GIA School Private Limited',
  gstin: '29AABCG1234H1Z5',
  state: '29',
  address: '12 MG Road, Bengaluru 560001',
  sac: '998431',
  gst_rate_percent: 12,
};

beforeEach(() => {
  ddbMock.reset();
});

describe('the seller’s settings as the admin reads them', () => {
  it('are the defaults (SAC 999293, 18%) with empty details, marked not yet saved, on a fresh store', async () => {
    // Given a store where the settings were never saved
    ddbMock.on(GetCommand).resolves({});

    // When the admin reads them, then they are what a first save would apply
    expect(await getSellerSettings()).toEqual({
      legal_name: '',
      gstin: '',
      state: '',
      address: '',
      sac: '999293',
      gst_rate_percent: 18,
      saved: false,
    });
  });

  it('are the stored settings, marked saved, once saved', async () => {
    // Given saved settings
    ddbMock.on(GetCommand).resolves({
      Item: {
        pk: 'SETTINGS#SELLER',
        sk: 'SETTINGS',
        type: 'seller-settings',
        ...KARNATAKA,
        updated_at: '2026-11-01T10:00:00.000Z',
      },
    });

    // When the admin reads them
    const settings = await getSellerSettings();

    // Then they are those settings, saved
    expect(settings).toMatchObject({ ...KARNATAKA, saved: true });
    expect(settings).not.toHaveProperty('pk');
  });
});
