import { Fragment, useState, type ReactNode } from 'react';
import { EditIcon, TrashIcon } from '../../components/icons.tsx';
import { VideoPlayer } from '../../components/video-player/video-player.tsx';
import { videoSourceOf, type VideoFields } from '../../components/video-player/source.ts';
import type { Cell, Rec, ScreenConfig } from './catalogue-config.ts';
import { CaptionsCell } from './catalogue-captions.tsx';
import { VideoStatusCell } from './catalogue-video.tsx';
import { LANGUAGE_ENGLISH_NAMES, LANGUAGE_MARKS } from './translations.ts';

/** The admin's preview: the row's video in the product's player (HLS once transcoded). */
function VideoModal({ url, row, onClose }: { url: string; row: Rec; onClose(): void }) {
  return (
    <div className="modal-backdrop">
      <div className="modal video-modal" role="dialog" aria-modal="true" aria-label="Video">
        <VideoPlayer
          source={videoSourceOf({ ...(row as VideoFields), video_url: url })}
          title="Preview"
          autoPlay
        />
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}

const present = (v: unknown): v is string => typeof v === 'string' && v !== '';

/**
 * A record's name with its marks: the medium of instruction when not English, and the languages
 * it is translated into ("ಕ · हि", read out as words).
 */
function TitleView({ value }: { value: Extract<Cell, { kind: 'title' }>['value'] }) {
  const { text, medium, languages } = value;
  return (
    <span className="record-title">
      {text}
      {medium && <span className="record-tag">{medium} medium</span>}
      {languages.length > 0 && (
        <span className="record-tag record-translated">
          <span aria-hidden="true">
            {languages.map((l, i) => (
              <Fragment key={l}>
                {i > 0 && ' · '}
                <span lang={l}>{LANGUAGE_MARKS[l]}</span>
              </Fragment>
            ))}
          </span>
          <span className="sr-only">
            Translated into {languages.map((l) => LANGUAGE_ENGLISH_NAMES[l]).join(' and ')}
          </span>
        </span>
      )}
    </span>
  );
}

/** One cell: text as it is; images, free flags, videos and notes drawn. */
function CellView({ cell, onPlay }: { cell: Cell; onPlay(url: string): void }) {
  if (typeof cell === 'string') return cell;
  const v = cell.value;
  switch (cell.kind) {
    case 'image':
      return present(v) ? (
        <img src={v} alt="" width={48} height={48} className="thumb" loading="lazy" />
      ) : (
        'N/A'
      );
    case 'free':
      // The word beside the dot: the flag is never told by colour alone.
      return (
        <span className="flag">
          <span className={`dot ${v === true ? 'dot-green' : 'dot-red'}`} aria-hidden="true" />
          {v === true ? 'Free' : 'Paid'}
        </span>
      );
    case 'play':
      return present(v) ? (
        <button type="button" className="btn btn-small" onClick={() => onPlay(v)}>
          Play
        </button>
      ) : (
        'N/A'
      );
    case 'video':
      return <VideoStatusCell entity={cell.value.entity} record={cell.value.record} />;
    case 'captions':
      return <CaptionsCell record={cell.value} />;
    case 'title':
      return <TitleView value={cell.value} />;
    case 'notes':
      return present(v) ? (
        <a href={v} target="_blank" rel="noreferrer">
          View Notes
        </a>
      ) : (
        'N/A'
      );
  }
}

/** An icon button in its own cell. */
function RowAction(props: {
  label: string;
  className?: string;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <td data-label={props.label}>
      <button
        type="button"
        className={`icon-btn${props.className ? ` ${props.className}` : ''}`}
        aria-label={props.label}
        onClick={props.onClick}
      >
        {props.children}
      </button>
    </td>
  );
}

/** The screen's table: its columns, and an edit and a delete button per row. */
export function CatalogueTable({
  config,
  rows,
  rowId,
  highlighted,
  onEdit,
  onDelete,
}: {
  config: ScreenConfig;
  rows: Rec[];
  rowId(r: Rec): string;
  /** The record saved last, marked until the next save. */
  highlighted: string | null;
  onEdit(r: Rec): void;
  onDelete(r: Rec): void;
}) {
  const [video, setVideo] = useState<{ url: string; row: Rec } | null>(null);
  return (
    <>
      <div className="table-wrap">
        <table className="catalogue-table stack-on-phone">
          <thead>
            <tr>
              {config.columns.map((c) => (
                <th key={c.header}>{c.header}</th>
              ))}
              <th>Edit</th>
              <th>Delete</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={rowId(r)}
                data-row-id={rowId(r)}
                className={rowId(r) === highlighted ? 'is-saved' : undefined}
              >
                {config.columns.map((c) => (
                  <td key={c.header} data-label={c.header}>
                    <CellView cell={c.render(r)} onPlay={(url) => setVideo({ url, row: r })} />
                  </td>
                ))}
                <RowAction label="Edit" onClick={() => onEdit(r)}>
                  <EditIcon />
                </RowAction>
                <RowAction label="Delete" className="danger" onClick={() => onDelete(r)}>
                  <TrashIcon />
                </RowAction>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {video && <VideoModal url={video.url} row={video.row} onClose={() => setVideo(null)} />}
    </>
  );
}
