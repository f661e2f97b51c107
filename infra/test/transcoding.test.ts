import { describe, expect, it } from 'vitest';
import { HLS_LADDER, HLS_SEGMENT_SECONDS } from '@gia/shared';
import { functionOf, givenStacks, idOf, ofType, type Statement } from './template.ts';

const given = givenStacks();
const transcoding = () => given.stack.api.transcoding;

/** The statements of a role's policies (X-Ray's left out). */
const statementsOf = (roleId: string) =>
  ofType('AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap(([, p]) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
    .filter((s) => ![s.Action].flat().every((a) => a.startsWith('xray:')));

type Output = {
  NameModifier?: string;
  Extension?: string;
  VideoDescription: {
    Height: number;
    CodecSettings: {
      Codec: string;
      H264Settings?: { MaxBitrate: number; RateControlMode: string; CodecProfile: string };
    };
  };
  AudioDescriptions?: { CodecSettings: { AacSettings: { Bitrate: number } } }[];
};
type Group = {
  OutputGroupSettings: { Type: string; HlsGroupSettings?: { SegmentLength: number } };
  Outputs: Output[];
};

describe('video transcoding with MediaConvert', () => {
  it('has a job template with the HLS ladder (one output per rung, capped) and a poster', () => {
    const templates = ofType('AWS::MediaConvert::JobTemplate');
    expect(templates).toHaveLength(1);
    const settings = templates[0]![1].Properties.SettingsJson as { OutputGroups: Group[] };
    const [hls, poster] = settings.OutputGroups;
    expect(hls!.OutputGroupSettings.Type).toBe('HLS_GROUP_SETTINGS');
    expect(hls!.OutputGroupSettings.HlsGroupSettings?.SegmentLength).toBe(HLS_SEGMENT_SECONDS);
    expect(
      hls!.Outputs.map((o) => [
        o.NameModifier,
        o.VideoDescription.Height,
        o.VideoDescription.CodecSettings.H264Settings?.MaxBitrate,
        o.AudioDescriptions?.[0]?.CodecSettings.AacSettings.Bitrate,
      ]),
    ).toEqual(
      HLS_LADDER.map((r) => [`_${r.name}`, r.height, r.video_kbps * 1000, r.audio_kbps * 1000]),
    );
    // Every rung 8-bit 4:2:0 (H.264 Main), whatever the source's chroma and bit depth.
    expect(
      hls!.Outputs.map((o) => o.VideoDescription.CodecSettings.H264Settings?.CodecProfile),
    ).toEqual(HLS_LADDER.map(() => 'MAIN'));
    // The lowest rung stays within 160 kbit/s in total.
    const [low] = hls!.Outputs;
    expect(
      low!.VideoDescription.CodecSettings.H264Settings!.MaxBitrate +
        low!.AudioDescriptions![0]!.CodecSettings.AacSettings.Bitrate,
    ).toBeLessThanOrEqual(160_000);
    expect(poster!.OutputGroupSettings.Type).toBe('FILE_GROUP_SETTINGS');
    expect(
      poster!.Outputs.map((o) => [o.VideoDescription.CodecSettings.Codec, o.Extension]),
    ).toEqual([['FRAME_CAPTURE', 'jpg']]);
  });

  it('runs jobs with a role MediaConvert assumes, that reads uploaded videos and writes HLS only', () => {
    const roleId = idOf(transcoding().role);
    const [, role] = ofType('AWS::IAM::Role').find(([id]) => id === roleId)!;
    expect(JSON.stringify(role.Properties.AssumeRolePolicyDocument)).toContain(
      'mediaconvert.amazonaws.com',
    );
    const statements = statementsOf(roleId);
    expect(statements.map((s) => [s.Action].flat()).sort()).toEqual([
      ['s3:GetObject'],
      ['s3:PutObject'],
    ]);
    const of = (action: string) =>
      JSON.stringify(statements.find((s) => [s.Action].flat().includes(action))?.Resource);
    expect(of('s3:GetObject')).toContain('/private/videos/*');
    expect(of('s3:GetObject')).not.toContain('/private/hls/');
    expect(of('s3:PutObject')).toContain('/private/hls/*');
    expect(of('s3:PutObject')).not.toContain('/private/videos/');
  });

  it('lets its function create jobs of the template and pass that role to MediaConvert only', () => {
    const fnRole = idOf(transcoding().fn.role!);
    const statements = statementsOf(fnRole);
    const createJob = statements.find((s) => [s.Action].flat().includes('mediaconvert:CreateJob'));
    const resources = JSON.stringify(createJob?.Resource);
    expect(resources).toContain(given.stack.getLogicalId(transcoding().template));
    expect(resources).toContain(':queues/Default');
    expect(resources).toContain(':jobs/*');
    const passRole = statements.find((s) => [s.Action].flat().includes('iam:PassRole'));
    expect(passRole?.Resource).toEqual({ 'Fn::GetAtt': [idOf(transcoding().role), 'Arn'] });
    expect((passRole as Statement & { Condition?: unknown })?.Condition).toEqual({
      StringEquals: { 'iam:PassedToService': 'mediaconvert.amazonaws.com' },
    });
    const fn = ofType('AWS::Lambda::Function').find(([id]) => id === idOf(transcoding().fn))!;
    const vars = (fn[1].Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(vars.MEDIACONVERT_TEMPLATE).toBe(`${given.stack.stackName}-hls`);
    expect(vars.MEDIACONVERT_APP).toBe(given.stack.stackName);
    expect(vars.MEDIACONVERT_ROLE_ARN).toEqual({ 'Fn::GetAtt': [idOf(transcoding().role), 'Arn'] });
  });

  it('is notified of uploads under private/videos/ and of this stack’s finished jobs', () => {
    const fnId = idOf(transcoding().fn);
    const configs = ofType('Custom::S3BucketNotifications').flatMap(
      ([, r]) =>
        (
          r.Properties.NotificationConfiguration as {
            LambdaFunctionConfigurations?: {
              Events: string[];
              Filter: { Key: { FilterRules: { Name: string; Value: string }[] } };
              LambdaFunctionArn: unknown;
            }[];
          }
        ).LambdaFunctionConfigurations ?? [],
    );
    const mine = configs.filter(
      (c) =>
        JSON.stringify(c.LambdaFunctionArn) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }),
    );
    expect(mine.map((c) => [c.Events, c.Filter.Key.FilterRules])).toEqual([
      [['s3:ObjectCreated:*'], [{ Name: 'prefix', Value: 'private/videos/' }]],
    ]);
    const [, rule] = ofType('AWS::Events::Rule').find(([id]) => id === idOf(transcoding().rule))!;
    expect(rule.Properties.EventPattern).toEqual({
      source: ['aws.mediaconvert'],
      'detail-type': ['MediaConvert Job State Change'],
      detail: {
        status: ['COMPLETE', 'ERROR'],
        userMetadata: { gia_app: [given.stack.stackName] },
      },
    });
    expect(JSON.stringify(rule.Properties.Targets)).toContain(fnId);
  });

  it('leaves the MediaConvert client out of the route groups: a retry re-announces the upload', () => {
    const fnId = idOf(functionOf('media-jobs'));
    const [, fn] = ofType('AWS::Lambda::Function').find(([id]) => id === fnId)!;
    const vars = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(vars.VIDEO_RETRY).toBe('renotify');
    expect(vars.MEDIACONVERT_TEMPLATE).toBeUndefined();
  });
});
