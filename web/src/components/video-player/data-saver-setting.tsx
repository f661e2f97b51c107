import { useDataSaver } from './data-saver.ts';
import './video-player.css';

/**
 * The learner's data-saver setting outside the player (the profile page): the same per-device
 * choice the player's menu changes.
 */
export function DataSaverSetting() {
  const [on, set] = useDataSaver();
  return (
    <section className="card data-saver-setting" aria-labelledby="data-saver-title">
      <h2 id="data-saver-title">Video data saver</h2>
      <label className="check-row">
        <input type="checkbox" checked={on} onChange={(e) => set(e.currentTarget.checked)} />
        Play lessons at the lowest quality to use less mobile data (about 1 MB a minute)
      </label>
      <p className="muted small">Saved on this device. Also in every video&apos;s Settings menu.</p>
    </section>
  );
}
