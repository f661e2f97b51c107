import { useT } from '../lib/i18n.ts';
import { installOfferDue, useInstallPrompt } from '../lib/install-prompt.ts';

/**
 * A quiet card offering to install the app (issue 32, item 1), shown after a finished lesson
 * when the browser can install it, never on a first visit, and not for 30 days after "Not now".
 */
export function InstallOffer({ finishedLesson }: { finishedLesson: boolean }) {
  const t = useT();
  const due = useInstallPrompt((s) =>
    installOfferDue({
      canInstall: s.prompt !== null,
      finishedLesson,
      firstVisit: s.firstVisit,
      dismissedAt: s.dismissedAt,
      now: Date.now(),
    }),
  );
  const install = useInstallPrompt((s) => s.install);
  const dismiss = useInstallPrompt((s) => s.dismiss);
  if (!due) return null;
  return (
    <section className="install-offer" aria-labelledby="install-offer-title">
      <div>
        <h2 id="install-offer-title">{t('common.install.title')}</h2>
        <p>{t('common.install.text')}</p>
      </div>
      <div className="install-offer-actions">
        <button type="button" className="btn btn-primary" onClick={() => void install()}>
          {t('common.install.install')}
        </button>
        <button type="button" className="btn" onClick={dismiss}>
          {t('common.notNow')}
        </button>
      </div>
    </section>
  );
}
