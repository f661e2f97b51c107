import { CreateJobCommand, MediaConvertClient } from '@aws-sdk/client-mediaconvert';
import { hlsFolderOf } from '@gia/shared';
import { mediaConvertSettings } from '@gia/shared/mediaconvert.ts';
import { SOURCE_KEY_METADATA } from './events.ts';
import type { Transcoder } from './service.ts';

/*
 * Transcoding in AWS (issue 15): an AWS Elemental MediaConvert job per uploaded video, from the
 * stack's job template (infra/src/constructs/transcoding.ts). The job carries the template's own
 * settings (one builder, shared/src/mediaconvert.ts) with this video's input and destinations.
 * Its end arrives as EventBridge's "MediaConvert Job State Change" (handled by jobStateHandler).
 */

/** The job user metadata that marks this stack's jobs (the job-state rule matches on it). */
export const APP_METADATA = 'gia_app';

export interface MediaConvertConfig {
  /** The job template's name. */
  template: string;
  /** The role MediaConvert assumes to read the source and write the outputs. */
  roleArn: string;
  bucket: string;
  /** This stack's mark, matched by its job-state rule. */
  app: string;
}

/** The CreateJob request for one uploaded video (`private/videos/<file>`). */
export function createJobInput(config: MediaConvertConfig, sourceKey: string) {
  return {
    JobTemplate: config.template,
    Role: config.roleArn,
    UserMetadata: { [SOURCE_KEY_METADATA]: sourceKey, [APP_METADATA]: config.app },
    Settings: {
      ...mediaConvertSettings({ folder: `s3://${config.bucket}/${hlsFolderOf(sourceKey)}` }),
      Inputs: [
        {
          ...mediaConvertSettings().Inputs[0],
          FileInput: `s3://${config.bucket}/${sourceKey}`,
        },
      ],
    },
  };
}

/** Starts MediaConvert jobs (the SDK finds the account's endpoint itself). */
export function mediaConvertTranscoder(
  config: MediaConvertConfig,
  client = new MediaConvertClient({}),
): Transcoder {
  return {
    async start(sourceKey) {
      // The settings are MediaConvert's JSON as the template holds it (string enums).
      await client.send(
        new CreateJobCommand(
          createJobInput(config, sourceKey) as ConstructorParameters<typeof CreateJobCommand>[0],
        ),
      );
    },
  };
}
