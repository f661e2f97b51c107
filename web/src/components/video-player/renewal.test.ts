import { describe, expect, it, vi } from 'vitest';
import { createRenewal, isExpiredAccess } from './renewal.ts';

describe('renewing expired access', () => {
  it('recognises a fatal network error answered 403, and nothing else', () => {
    const e = { fatal: true, type: 'networkError', response: { code: 403 } };
    expect(isExpiredAccess(e)).toBe(true);
    expect(isExpiredAccess({ ...e, response: { code: 404 } })).toBe(false);
    expect(isExpiredAccess({ ...e, fatal: false })).toBe(false);
    expect(isExpiredAccess({ ...e, type: 'mediaError' })).toBe(false);
    expect(
      isExpiredAccess({ fatal: true, type: 'networkError', networkDetails: { status: 403 } }),
    ).toBe(true);
  });

  it('re-reads the record, then re-attaches at the position the learner paused at', async () => {
    let clock = 0;
    const reattach = vi.fn();
    const renew = vi.fn(async () => undefined);
    const renewal = createRenewal({ renew, reattach, position: () => 42.5, now: () => clock });
    expect(renewal.take(true)).toBe(true);
    expect(renewal.running).toBe(true);
    await vi.waitFor(() => expect(reattach).toHaveBeenCalledWith(42.5));
    expect(renew).toHaveBeenCalledOnce();
    expect(renewal.running).toBe(false);

    // A second 403 straight after a renewal is a real refusal: left to the player.
    clock = 5_000;
    expect(renewal.take(true)).toBe(false);
    // Much later (the new access expired too), it renews again.
    clock = 3_600_000;
    expect(renewal.take(true)).toBe(true);
    await vi.waitFor(() => expect(reattach).toHaveBeenCalledTimes(2));
  });

  it('still re-attaches when the re-read fails (the player then shows its own error)', async () => {
    const reattach = vi.fn();
    const renewal = createRenewal({
      renew: () => Promise.reject(new Error('offline')),
      reattach,
      position: () => 3,
    });
    expect(renewal.take(false)).toBe(false);
    expect(renewal.take(true)).toBe(true);
    await vi.waitFor(() => expect(reattach).toHaveBeenCalledWith(3));
  });
});
