import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CAPTION_LANGUAGES,
  UPLOAD_KINDS,
  type CaptionLanguage,
  type TopicCaptions,
} from '@gia/shared';
import { Modal } from '../../components/modal.tsx';
import { Field, describedBy } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { call } from '../../lib/api-call.ts';
import { uploadFile } from '../../lib/upload.ts';
import { catalogueKeys, type Rec } from './api/catalogue.ts';

const LANGUAGES = Object.entries(CAPTION_LANGUAGES) as [CaptionLanguage, string][];

/** A topic's captions tracks as the admin list returns them. */
export function captionsOf(record: Rec): TopicCaptions[] {
  return Array.isArray(record.captions)
    ? (record.captions as TopicCaptions[]).filter((c) => c && c.language in CAPTION_LANGUAGES)
    : [];
}

/** "English, Hindi", or "None". */
export const captionsSummary = (tracks: readonly TopicCaptions[]) =>
  tracks.length ? tracks.map((c) => CAPTION_LANGUAGES[c.language]).join(', ') : 'None';

/** The Captions column of the topics list: the languages, and the dialog that manages them. */
export function CaptionsCell({ record }: { record: Rec }) {
  const [open, setOpen] = useState(false);
  const tracks = captionsOf(record);
  const name = typeof record.topic_name === 'string' ? record.topic_name : 'topic';
  return (
    <span className="captions-cell">
      {captionsSummary(tracks)}{' '}
      <button
        type="button"
        className="btn btn-small"
        aria-label={`Captions of ${name}`}
        onClick={() => setOpen(true)}
      >
        Captions
      </button>
      {open && (
        <CaptionsDialog
          topicId={String(record.topic_id ?? '')}
          topicName={name}
          initial={tracks}
          onClose={() => setOpen(false)}
        />
      )}
    </span>
  );
}

/**
 * Uploads a WebVTT file per language (presigned POST, kind `captions`) and attaches it with
 * `insertTopicCaptions`; lists the topic's tracks with Remove (`deleteTopicCaptions`). The
 * server's own message (e.g. the line where the file is not valid WebVTT) shows under the field.
 */
export function CaptionsDialog(props: {
  topicId: string;
  topicName: string;
  initial: TopicCaptions[];
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const [tracks, setTracks] = useState(props.initial);
  const [language, setLanguage] = useState<CaptionLanguage>('en');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  // A new key empties the file input once its file is attached.
  const [inputKey, setInputKey] = useState(0);

  const refresh = (answer: { message: string; data: TopicCaptions[] }) => {
    setTracks(answer.data);
    toast.success(answer.message);
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
  };

  const add = useMutation({
    mutationFn: async (chosen: File) => {
      const url = await uploadFile('captions', chosen);
      return call('admin.video.insertCaptions', {
        body: { topic_id: props.topicId, language, url },
      });
    },
    onSuccess: (answer) => {
      setFile(null);
      setInputKey((k) => k + 1);
      setError(undefined);
      refresh(answer);
    },
    onError: (err) => setError(errorMessage(err, 'The captions could not be added.')),
  });

  const remove = useMutation({
    mutationFn: (lang: CaptionLanguage) =>
      call('admin.video.deleteCaptions', { body: { topic_id: props.topicId, language: lang } }),
    onSuccess: refresh,
    onError: (err) => toast.error(errorMessage(err, 'The captions could not be removed.')),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) {
      setError('Choose a WebVTT (.vtt) file.');
      return;
    }
    add.mutate(file);
  }

  const fileId = 'captions-file';
  return (
    <Modal label={`Captions of ${props.topicName}`} className="captions-dialog">
      <h2>Captions (WebVTT)</h2>
      <p className="form-hint">{props.topicName}</p>
      {tracks.length ? (
        <ul className="captions-list" aria-label="Captions tracks">
          {tracks.map((c) => (
            <li key={c.language}>
              <span>
                {CAPTION_LANGUAGES[c.language]} ({c.language})
              </span>
              <button
                type="button"
                className="btn btn-small"
                aria-label={`Remove ${CAPTION_LANGUAGES[c.language]} captions`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(c.language)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>No captions yet.</p>
      )}
      <form onSubmit={submit} noValidate>
        <Field id="captions-language" label="Language">
          <select
            id="captions-language"
            value={language}
            onChange={(e) => setLanguage(e.target.value as CaptionLanguage)}
          >
            {LANGUAGES.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
                {tracks.some((c) => c.language === code) ? ' (replaces the current file)' : ''}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={fileId}
          label="WebVTT file (.vtt)"
          error={error}
          hint={`At most ${UPLOAD_KINDS.captions.maxBytes / 1024 / 1024} MB.`}
        >
          <input
            key={inputKey}
            id={fileId}
            type="file"
            accept=".vtt,text/vtt"
            aria-describedby={describedBy(fileId, error, 'hint')}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setError(undefined);
            }}
          />
        </Field>
        <div className="modal-actions">
          <button type="submit" className="btn btn-primary" disabled={add.isPending}>
            {add.isPending ? 'Uploading…' : 'Add captions'}
          </button>
          <button type="button" className="btn" onClick={props.onClose}>
            Close
          </button>
        </div>
      </form>
    </Modal>
  );
}
