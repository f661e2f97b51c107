import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isUiLanguage } from '@gia/shared/languages.ts';
import { call } from '../lib/api-call.ts';
import { chooseLanguage, onLanguageChosen, useLanguage } from '../lib/i18n.ts';
import { useSession } from '../lib/session.ts';

/**
 * The learner's language beyond this screen (issue 33): what was read in another language is read
 * again in the new one; a signed-in learner's choice is kept in their profile; and on a device
 * where no language was chosen yet, signing in brings the profile's.
 */
export function LanguageKeeper() {
  const client = useQueryClient();
  const learner = useSession((s) => s.status === 'signed-in' && s.role === 'learner');

  useEffect(
    () =>
      useLanguage.subscribe((now, before) => {
        if (now.language !== before.language) void client.invalidateQueries();
      }),
    [client],
  );

  useEffect(() => {
    if (!learner) return;
    const stop = onLanguageChosen((language) => {
      // Kept for the next device; this one already speaks it, so a failure only loses that.
      call('profile.updateLanguage', { body: { language } }).catch(() => undefined);
    });
    if (!useLanguage.getState().chosen) {
      call('profile.get')
        .then(({ data }) => {
          const kept = data[0]?.language;
          if (isUiLanguage(kept) && !useLanguage.getState().chosen)
            void chooseLanguage(kept, false);
        })
        .catch(() => undefined);
    }
    return stop;
  }, [learner]);

  return null;
}
