import { HLS_LADDER, HLS_SEGMENT_SECONDS, POSTER, POSTER_FILE, type HlsRung } from './video.ts';

/**
 * The AWS Elemental MediaConvert settings of the HLS ladder (issue 15), in MediaConvert's JSON
 * (PascalCase, bitrates in bit/s). One builder for both sides: infra's job template
 * (infra/src/constructs/transcoding.ts, without destinations) and each job the transcoding
 * function starts (functions/src/media-jobs/mediaconvert.ts, with the video's destinations), so
 * a job never depends on how MediaConvert merges a job's settings into its template's.
 *
 * Outputs are named as the local ffmpeg pipeline names them (shared/src/video.ts): the HLS group's
 * destination `…/<folder>/master` gives `master.m3u8`, `master_234p.m3u8` (name modifier `_234p`)
 * and `master_234p_00001.ts`; the frame capture's `…/<folder>/poster` gives `poster.0000000.jpg`.
 */

/** The poster's destination base: frame capture appends `.0000000.jpg`. */
export const POSTER_BASE = POSTER_FILE.slice(0, POSTER_FILE.indexOf('.'));

/** Where one video's outputs go: `s3://<bucket>/<hls folder>` (ends with `/`). */
export interface JobDestinations {
  folder: string;
}

/**
 * Mono AAC-LC on every rung, as the local pipeline: one audio layout and one profile on every
 * rung, so players switch rungs mid-lesson without an audio configuration change.
 */
function audioOf(rung: HlsRung) {
  return {
    AudioSourceName: 'Audio Selector 1',
    CodecSettings: {
      Codec: 'AAC',
      AacSettings: {
        Bitrate: rung.audio_kbps * 1000,
        CodingMode: 'CODING_MODE_1_0',
        SampleRate: 48000,
        CodecProfile: 'LC',
        RateControlMode: 'CBR',
      },
    },
  };
}

/**
 * One rung: H.264 in quality-defined VBR, capped at the rung's video bitrate (so the lowest rung
 * stays within its 160 kbit/s total), 2 s GOPs so 4 s segments cut on keyframes. The Main profile
 * is 8-bit 4:2:0 whatever the source (4:4:4, 4:2:2, 10-bit), as the local pipeline's
 * `-profile:v main -pix_fmt yuv420p`: what every browser and phone decodes (HIGH_10BIT and the
 * 4:2:2 profiles are not).
 */
function hlsOutputOf(rung: HlsRung) {
  return {
    NameModifier: `_${rung.name}`,
    ContainerSettings: { Container: 'M3U8', M3u8Settings: {} },
    VideoDescription: {
      Width: rung.width,
      Height: rung.height,
      // Never above the source's height: a small source's higher rungs keep its size.
      ScalingBehavior: 'FIT_NO_UPSCALE',
      CodecSettings: {
        Codec: 'H_264',
        H264Settings: {
          RateControlMode: 'QVBR',
          QvbrSettings: { QvbrQualityLevel: 7 },
          MaxBitrate: rung.video_kbps * 1000,
          CodecProfile: 'MAIN',
          GopSize: 2,
          GopSizeUnits: 'SECONDS',
          SceneChangeDetect: 'TRANSITION_DETECTION',
        },
      },
    },
    AudioDescriptions: [audioOf(rung)],
    OutputSettings: { HlsSettings: {} },
  };
}

/** The job settings: the ladder as HLS, and one frame capture for the poster. */
export function mediaConvertSettings(destinations?: JobDestinations) {
  const at = (base: string) =>
    destinations ? { Destination: `${destinations.folder}${base}` } : {};
  return {
    TimecodeConfig: { Source: 'ZEROBASED' },
    Inputs: [
      {
        AudioSelectors: { 'Audio Selector 1': { DefaultSelection: 'DEFAULT' } },
        VideoSelector: {},
        TimecodeSource: 'ZEROBASED',
      },
    ],
    OutputGroups: [
      {
        Name: 'HLS',
        OutputGroupSettings: {
          Type: 'HLS_GROUP_SETTINGS',
          HlsGroupSettings: {
            ...at('master'),
            SegmentLength: HLS_SEGMENT_SECONDS,
            MinSegmentLength: 0,
            SegmentControl: 'SEGMENTED_FILES',
            DirectoryStructure: 'SINGLE_DIRECTORY',
            ManifestDurationFormat: 'INTEGER',
            OutputSelection: 'MANIFESTS_AND_SEGMENTS',
            StreamInfResolution: 'INCLUDE',
            CodecSpecification: 'RFC_4281',
            ClientCache: 'ENABLED',
          },
        },
        Outputs: HLS_LADDER.map(hlsOutputOf),
      },
      {
        Name: 'Poster',
        OutputGroupSettings: {
          Type: 'FILE_GROUP_SETTINGS',
          FileGroupSettings: { ...at(POSTER_BASE) },
        },
        Outputs: [
          {
            ContainerSettings: { Container: 'RAW' },
            Extension: 'jpg',
            VideoDescription: {
              // Small (POSTER): it must never compete with the first segment on a slow link.
              Width: POSTER.width,
              Height: POSTER.height,
              CodecSettings: {
                Codec: 'FRAME_CAPTURE',
                // One capture (the first frame sampled): the poster.
                FrameCaptureSettings: {
                  FramerateNumerator: 1,
                  FramerateDenominator: 2,
                  MaxCaptures: 1,
                  Quality: POSTER.quality,
                },
              },
            },
          },
        ],
      },
    ],
  };
}
