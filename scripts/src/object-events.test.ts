import type { S3Event, S3EventRecord } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dispatchObjectCreated,
  objectEventsSettled,
  objectKeyOf,
  onObjectCreated,
} from './object-events.ts';

/** An event as s3rver emits it (raw key). */
const stored = (key: string, eventName = 'ObjectCreated:Post') => ({
  Records: [
    {
      eventVersion: '2.0',
      eventSource: 'aws:s3',
      awsRegion: 'us-east-1',
      eventTime: new Date().toISOString(),
      eventName,
      s3: {
        s3SchemaVersion: '1.0',
        configurationId: 'local',
        bucket: { name: 'gia-media', ownerIdentity: { principalId: 'x' }, arn: 'arn' },
        object: { key, size: 10, eTag: 'abc', sequencer: '1' },
      },
    } as unknown as S3EventRecord,
  ],
});

const unregister: (() => void)[] = [];
afterEach(() => unregister.splice(0).forEach((off) => off()));

describe('object-created events on the local stack', () => {
  it('calls the handlers of the key prefix with an S3Event, after the upload returns', async () => {
    const videos = vi.fn<(e: S3Event) => void>();
    const notes = vi.fn();
    unregister.push(onObjectCreated('private/videos/', videos));
    unregister.push(onObjectCreated('private/notes/', notes));
    dispatchObjectCreated(stored('private/videos/01J-my lesson.mp4'));
    expect(videos).not.toHaveBeenCalled(); // asynchronous: never inside the upload
    await objectEventsSettled();
    expect(notes).not.toHaveBeenCalled();
    expect(videos).toHaveBeenCalledTimes(1);
    const record = videos.mock.calls[0]![0].Records[0]!;
    expect(record.eventName).toBe('ObjectCreated:Post');
    expect(record.s3.bucket.name).toBe('gia-media');
    expect(record.s3.object.key).toBe('private/videos/01J-my+lesson.mp4'); // encoded as S3 does
    expect(objectKeyOf(record)).toBe('private/videos/01J-my lesson.mp4');
  });

  it('ignores removals', async () => {
    const handler = vi.fn();
    unregister.push(onObjectCreated('private/', handler));
    dispatchObjectCreated(stored('private/videos/a.mp4', 'ObjectRemoved:Delete'));
    await objectEventsSettled();
    expect(handler).not.toHaveBeenCalled();
  });

  it('logs a failing handler without stopping the others', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    unregister.push(
      onObjectCreated('private/videos/', () => Promise.reject(new Error('boom'))),
      onObjectCreated('private/videos/', after),
    );
    expect(() => dispatchObjectCreated(stored('private/videos/b.mp4'))).not.toThrow();
    await objectEventsSettled();
    expect(after).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining('private/videos/b.mp4'),
      expect.any(Error),
    );
    error.mockRestore();
  });
});
