import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { LANGUAGE_NAMES, UI_LANGUAGES, type UiLanguage } from '@gia/shared/languages.ts';
import { confirmDialog } from '../../components/confirm.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { toast } from '../../components/toast.tsx';
import { DataSaverSetting } from '../../components/video-player/data-saver-setting.tsx';
import { useProfile } from './api/profile.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { signOutEverywhere } from '../../lib/auth.ts';
import { chooseLanguage, t as translate, useLanguage, useT } from '../../lib/i18n.ts';
import { signInState } from '../../lib/redirect.ts';
import { useHasSession } from '../../lib/session.ts';
import { Trans } from '../../lib/trans.tsx';
import { ConfirmEmailDialog, wrapAnywhere } from './confirm-email.tsx';
import { EditProfile } from './edit-profile.tsx';
import { YourOrders } from './your-orders.tsx';
import { useStates } from '../../lib/state-names.ts';

/** `/Profile`: the learner's profile with an edit modal. */
export function ProfilePage() {
  const t = useT();
  const states = useStates();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const profile = useProfile();
  const p = profile.data;
  const signedIn = useHasSession('learner');
  const na = t('common.account.notAvailable');
  return (
    <>
      <PageHeading title={t('profile.title')} />
      {profile.isLoading ? (
        <p className="loading">{t('page.loading')}</p>
      ) : !p ? (
        <p className="empty">{t('profile.loadFailed')}</p>
      ) : (
        <section className="card profile">
          {p.profile_image ? (
            <img
              src={p.profile_image}
              alt={t('profile.photo')}
              width={120}
              height={120}
              className="profile-image"
            />
          ) : (
            <div className="profile-image is-placeholder">{p.user_name.charAt(0)}</div>
          )}
          <dl className="facts">
            <dt>{t('profile.name')}</dt>
            <dd>{p.user_name || na}</dd>
            <dt>{t('profile.mobile')}</dt>
            <dd>{p.user_mobile || na}</dd>
            <dt>{t('profile.email')}</dt>
            <dd style={wrapAnywhere}>{p.email}</dd>
            <dt>{t('profile.dob')}</dt>
            <dd>{p.dob || na}</dd>
            <dt>{t('profile.courseOfStudy')}</dt>
            <dd>{p.course_of_study || na}</dd>
            <dt>{t('profile.state')}</dt>
            <dd>{states.find((st) => st.code === p.state)?.name ?? na}</dd>
          </dl>
          <LanguageField />
          {p.pending_email && (
            <p className="notice" role="status">
              <Trans
                id="profile.pendingEmail"
                values={{ email: p.pending_email }}
                components={{ 0: <strong style={wrapAnywhere} /> }}
              />{' '}
              <button type="button" className="btn" onClick={() => setConfirming(true)}>
                {t('profile.enterCode')}
              </button>
            </p>
          )}
          <button type="button" className="btn btn-primary" onClick={() => setEditing(true)}>
            {t('profile.edit')}
          </button>
        </section>
      )}
      {p && signedIn && <DataSaverSetting />}
      {p && signedIn && <YourOrders />}
      {p && signedIn && <SignOutEverywhere />}
      {editing && p && <EditProfile profile={p} onClose={() => setEditing(false)} />}
      {confirming && p?.pending_email && (
        <ConfirmEmailDialog pendingEmail={p.pending_email} onClose={() => setConfirming(false)} />
      )}
    </>
  );
}

/**
 * The learner's language (issue 33), each in its own name: choosing one makes the interface speak
 * it at once, on this device, and keeps it in the profile for the others (the app's
 * LanguageKeeper sends it as `profile.updateLanguage`).
 */
function LanguageField() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  return (
    <div className="field profile-language">
      <label htmlFor="profile-language">{t('profile.language')}</label>
      <select
        id="profile-language"
        value={language}
        aria-describedby="profile-language-hint"
        onChange={(e) => void chooseLanguage(e.target.value as UiLanguage)}
      >
        {UI_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <p className="form-hint" id="profile-language-hint">
        {t('profile.languageHint')}
      </p>
    </div>
  );
}

/** The question the learner confirms before every session of the account ends. */
const signOutEverywhereQuestion = () => translate('profile.signOutEverywhereQuestion');

/**
 * Ends every session of the account (a lost phone, a shared computer), then sends the learner to
 * sign in with the server's message.
 */
function SignOutEverywhere() {
  const t = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function signOutAll() {
    if (!(await confirmDialog(signOutEverywhereQuestion()))) return;
    setBusy(true);
    try {
      const message = await signOutEverywhere();
      navigate('/signin', { replace: true, state: signInState(undefined, message) });
    } catch (err) {
      toast.error(errorMessage(err, t('profile.signOutEverywhereFailed')));
      setBusy(false);
    }
  }
  return (
    <section className="card sign-out-everywhere" aria-labelledby="sign-out-everywhere">
      <h2 id="sign-out-everywhere">{t('profile.devices')}</h2>
      <p className="muted">{t('profile.devicesIntro')}</p>
      <button type="button" className="btn" onClick={signOutAll} disabled={busy}>
        {t('profile.signOutEverywhere')}
      </button>
    </section>
  );
}
