import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { videoKeyOf, type TopicCaptions, type VideoState } from '@gia/shared';
import { ddb } from '../lib/dynamo.ts';
import { keyOf } from './catalogue-keys.ts';
import * as keys from './item-keys.ts';
import { tableName } from './table-name.ts';

/*
 * One item per uploaded video (`VIDEO#<source key>`): the state of its transcode, and `refs`, the
 * records (topics, about-subjects) that use it. A record saved with a video copies the item's
 * state and adds itself to `refs`; a state change updates the item and then every ref whose
 * `video_url` still names this key. Whichever comes second (the save or the state change) brings
 * the record up to date, so the order of the two never loses a state. No scans.
 */

export type VideoEntity = 'topic' | 'about-subject';
export interface VideoRef {
  entity: VideoEntity;
  id: string;
}

export interface VideoItem extends VideoState {
  source_key: string;
  refs: VideoRef[];
  updated_at?: string;
}

const itemKey = keys.video;
const refName = (ref: VideoRef) => `${ref.entity}#${ref.id}`;
const refOf = (name: string): VideoRef | undefined => {
  const at = name.indexOf('#');
  const entity = name.slice(0, at);
  return entity === 'topic' || entity === 'about-subject'
    ? { entity, id: name.slice(at + 1) }
    : undefined;
};

function itemOf(raw: Record<string, unknown> | undefined): VideoItem | undefined {
  if (!raw) return undefined;
  const refs = raw.refs instanceof Set ? [...(raw.refs as Set<string>)] : [];
  return {
    source_key: String(raw.source_key ?? ''),
    video_status: (raw.video_status as VideoState['video_status']) ?? 'none',
    video_duration_seconds:
      typeof raw.video_duration_seconds === 'number' ? raw.video_duration_seconds : null,
    video_renditions: (raw.video_renditions as VideoState['video_renditions']) ?? [],
    ...(typeof raw.video_error === 'string' ? { video_error: raw.video_error } : {}),
    refs: refs.flatMap((r) => refOf(r) ?? []),
    updated_at: typeof raw.updated_at === 'string' ? raw.updated_at : undefined,
  };
}

/** The transcode state of a source video, if any was recorded. */
export async function getVideo(sourceKey: string): Promise<VideoItem | undefined> {
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: itemKey(sourceKey), ConsistentRead: true }),
  );
  return itemOf(res.Item);
}

/** Records that `ref` uses the video (creating its item, state `none`, when it has none yet). */
export async function addVideoRef(sourceKey: string, ref: VideoRef): Promise<VideoItem> {
  const res = await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: itemKey(sourceKey),
      UpdateExpression:
        'ADD refs :ref SET source_key = :key, video_status = if_not_exists(video_status, :none)',
      ExpressionAttributeValues: {
        ':ref': new Set([refName(ref)]),
        ':key': sourceKey,
        ':none': 'none',
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return itemOf(res.Attributes)!;
}

/**
 * Sets the state of a source video's transcode. `onlyFrom`: the write happens only when the
 * current status is one of these (a retry restarts only a failed one); answers `undefined` then.
 */
export async function setVideoState(
  sourceKey: string,
  state: VideoState,
  onlyFrom?: VideoState['video_status'][],
): Promise<VideoItem | undefined> {
  const values: Record<string, unknown> = {
    ':key': sourceKey,
    ':status': state.video_status,
    ':duration': state.video_duration_seconds,
    ':renditions': state.video_renditions,
    ':now': new Date().toISOString(),
  };
  let set =
    'SET source_key = :key, video_status = :status, video_duration_seconds = :duration, ' +
    'video_renditions = :renditions, updated_at = :now';
  if (state.video_error) {
    set += ', video_error = :error';
    values[':error'] = state.video_error;
  } else {
    set += ' REMOVE video_error';
  }
  let condition: string | undefined;
  if (onlyFrom?.length) {
    condition = `video_status IN (${onlyFrom.map((_, i) => `:from${i}`).join(', ')})`;
    onlyFrom.forEach((s, i) => (values[`:from${i}`] = s));
  }
  try {
    const res = await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(sourceKey),
        UpdateExpression: set,
        ConditionExpression: condition,
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    return itemOf(res.Attributes);
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw err;
  }
}

/**
 * Copies a video's state into one record that uses it, only while the record's `video_url` still
 * names that source (a record given another video since keeps its own). A ready topic also gets
 * its `duration_seconds` from the video. Answers whether the record was updated.
 */
export async function applyVideoState(
  ref: VideoRef,
  sourceKey: string,
  state: VideoState,
): Promise<boolean> {
  const key = keyOf(ref);
  const res = await ddb.send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
  );
  const videoUrl = res.Item?.video_url as string | undefined;
  if (!res.Item || videoKeyOf(videoUrl) !== sourceKey) return false;
  const values: Record<string, unknown> = {
    ':url': videoUrl,
    ':status': state.video_status,
    ':duration': state.video_duration_seconds,
    ':renditions': state.video_renditions,
  };
  let set =
    'SET video_status = :status, video_duration_seconds = :duration, ' +
    'video_renditions = :renditions';
  if (ref.entity === 'topic' && state.video_status === 'ready' && state.video_duration_seconds) {
    set += ', duration_seconds = :seconds';
    values[':seconds'] = Math.round(state.video_duration_seconds);
  }
  if (state.video_error) {
    set += ', video_error = :error';
    values[':error'] = state.video_error;
  } else {
    set += ' REMOVE video_error';
  }
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: set,
        ConditionExpression: 'video_url = :url',
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

/**
 * Links a record saved with `videoUrl` to its video: adds it to the video's refs and copies the
 * video's current state into the record. Answers that state (`undefined`: not an uploaded video,
 * e.g. an external link, or the record moved on meanwhile).
 */
export async function linkRecordToVideo(
  ref: VideoRef,
  videoUrl: string | null | undefined,
): Promise<VideoState | undefined> {
  const sourceKey = videoKeyOf(videoUrl);
  if (!sourceKey) return undefined;
  const item = await addVideoRef(sourceKey, ref);
  const state: VideoState = {
    video_status: item.video_status,
    video_duration_seconds: item.video_duration_seconds,
    video_renditions: item.video_renditions,
    ...(item.video_error ? { video_error: item.video_error } : {}),
  };
  return (await applyVideoState(ref, sourceKey, state)) ? state : undefined;
}

/**
 * Sets (or, with `url` undefined, removes) a topic's captions in one language: one track per
 * language, a new one replacing the old. The write lands only if the captions did not change
 * since they were read (tried again a few times). Answers the topic's captions, or `undefined`
 * when the topic does not exist.
 */
export async function setTopicCaptions(
  topicId: string,
  language: TopicCaptions['language'],
  url: string | undefined,
): Promise<TopicCaptions[] | undefined> {
  const key = keyOf({ entity: 'topic', id: topicId });
  for (let attempt = 0; ; attempt++) {
    const res = await ddb.send(
      new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }),
    );
    if (!res.Item) return undefined;
    const before = (res.Item.captions as TopicCaptions[] | undefined) ?? [];
    const after = before.filter((c) => c.language !== language);
    if (url) after.push({ language, url });
    try {
      await ddb.send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET captions = :after',
          ConditionExpression: res.Item.captions
            ? 'captions = :before'
            : 'attribute_exists(pk) AND attribute_not_exists(captions)',
          ExpressionAttributeValues: {
            ':after': after,
            ...(res.Item.captions ? { ':before': before } : {}),
          },
        }),
      );
      return after;
    } catch (err) {
      if ((err as Error).name !== 'ConditionalCheckFailedException' || attempt >= 3) throw err;
    }
  }
}
