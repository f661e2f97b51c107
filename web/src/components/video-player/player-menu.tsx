import { CAPTION_SIZES, type CaptionSize } from './caption-size.ts';
import { qualityLabel, SPEEDS, speedLabel } from './quality.ts';
import type { VideoSource } from './source.ts';
import { useT } from '../../lib/i18n.ts';

export interface PlayerMenuProps {
  id: string;
  /** The ladder's heights, the learner's rung (-1: Auto) and the one playing. */
  levels: number[];
  chosenLevel: number;
  playingLevel: number;
  chooseLevel: (level: number) => void;
  renditions: VideoSource['renditions'];
  speed: number;
  chooseSpeed: (speed: number) => void;
  dataSaver: boolean;
  setDataSaver: (on: boolean) => void;
  /** Whether the video has captions: only then is their size offered. */
  hasCaptions: boolean;
  captionSize: CaptionSize;
  setCaptionSize: (size: CaptionSize) => void;
}

/**
 * The settings menu: quality (Auto and each rung with its size for this video, when there is more
 * than one; data saver holds the lowest), speed, the caption size (for a video with captions) and
 * the data saver switch.
 */
export function PlayerMenu(props: PlayerMenuProps) {
  const t = useT();
  const { id, levels, chosenLevel, playingLevel, chooseLevel, dataSaver } = props;
  return (
    <div className="vp-menu" id={id}>
      {levels.length > 1 && (
        <fieldset>
          <legend>{t('player.quality')}</legend>
          <label>
            <input
              type="radio"
              name={`${id}-q`}
              checked={chosenLevel === -1 && !dataSaver}
              disabled={dataSaver}
              onChange={() => chooseLevel(-1)}
            />
            {chosenLevel === -1 && playingLevel >= 0 && levels[playingLevel] !== undefined
              ? t('player.autoPlaying', { height: levels[playingLevel] })
              : t('player.auto')}
          </label>
          {levels.map((h, i) => (
            <label key={`${h}-${i}`}>
              <input
                type="radio"
                name={`${id}-q`}
                checked={dataSaver ? i === 0 : chosenLevel === i}
                disabled={dataSaver && i > 0}
                onChange={() => chooseLevel(i)}
              />
              {qualityLabel(h, props.renditions)}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset>
        <legend>{t('player.speed')}</legend>
        <div className="vp-speeds">
          {SPEEDS.map((s) => (
            <label key={s}>
              <input
                type="radio"
                name={`${id}-s`}
                checked={props.speed === s}
                onChange={() => props.chooseSpeed(s)}
              />
              {speedLabel(s)}
            </label>
          ))}
        </div>
      </fieldset>
      {props.hasCaptions && (
        <fieldset>
          <legend>{t('player.captionSize')}</legend>
          <div className="vp-speeds">
            {CAPTION_SIZES.map((s) => (
              <label key={s.id}>
                <input
                  type="radio"
                  name={`${id}-c`}
                  checked={props.captionSize === s.id}
                  onChange={() => props.setCaptionSize(s.id)}
                />
                {t(s.label)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <label className="vp-switch">
        <input
          type="checkbox"
          checked={dataSaver}
          onChange={(e) => props.setDataSaver(e.currentTarget.checked)}
        />
        {t('player.dataSaverSwitch')}
      </label>
    </div>
  );
}
