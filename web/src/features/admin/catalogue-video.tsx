import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoRendition } from '@gia/shared/video.ts';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { call } from '../../lib/api-call.ts';
import { catalogueKeys, type Rec } from './api/catalogue.ts';

/** The entities whose videos are transcoded (issue 15). */
export type VideoEntity = 'topic' | 'about-subject';

/** 92 → "1:32"; 3725 → "1:02:05". */
export function clock(seconds: number): string {
  const s = Math.round(seconds);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** The words of a record's video state in the back office. */
export function videoStatusText(r: Rec): string {
  switch (r.video_status) {
    case 'processing':
      return 'Processing…';
    case 'ready': {
      const count = Array.isArray(r.video_renditions)
        ? (r.video_renditions as VideoRendition[]).length
        : 0;
      const parts = ['Ready', `${count} ${count === 1 ? 'quality' : 'qualities'}`];
      if (typeof r.video_duration_seconds === 'number') {
        parts.push(clock(r.video_duration_seconds));
      }
      return parts.join(' · ');
    }
    case 'failed':
      return `Failed: ${typeof r.video_error === 'string' ? r.video_error : 'unknown reason'}`;
    default:
      return typeof r.video_url === 'string' && r.video_url ? 'MP4' : 'N/A';
  }
}

const RETRY_ROUTES = {
  topic: { name: 'admin.video.retryTopic', id: 'topic_id' },
  'about-subject': { name: 'admin.video.retryAboutSubject', id: 'about_subject_id' },
} as const;

/** The video column: its state, with Retry when the transcode failed. */
export function VideoStatusCell({ entity, record }: { entity: VideoEntity; record: Rec }) {
  const queryClient = useQueryClient();
  const route = RETRY_ROUTES[entity];
  const retry = useMutation({
    mutationFn: () =>
      call(route.name, { params: { [route.id]: String(record[route.id] ?? '') }, body: {} }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    },
    onError: (err) => toast.error(errorMessage(err, 'The video could not be retried.')),
  });
  const text = videoStatusText(record);
  return (
    <span className="video-status">
      {text}
      {record.video_status === 'failed' && (
        <>
          {' '}
          <button
            type="button"
            className="btn btn-small"
            disabled={retry.isPending}
            onClick={() => retry.mutate()}
          >
            Retry
          </button>
        </>
      )}
    </span>
  );
}
