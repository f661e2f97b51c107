import { useDataSaver } from './data-saver.ts';
import { useT } from '../../lib/i18n.ts';
import './video-player.css';

/**
 * The learner's data-saver setting outside the player (the profile page): the same per-device
 * choice the player's menu changes.
 */
export function DataSaverSetting() {
  const t = useT();
  const [on, set] = useDataSaver();
  return (
    <section className="card data-saver-setting" aria-labelledby="data-saver-title">
      <h2 id="data-saver-title">{t('player.dataSaverTitle')}</h2>
      <label className="check-row">
        <input type="checkbox" checked={on} onChange={(e) => set(e.currentTarget.checked)} />
        {t('player.dataSaverHelp')}
      </label>
      <p className="muted small">{t('player.dataSaverWhere')}</p>
    </section>
  );
}
