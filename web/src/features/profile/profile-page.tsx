import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { confirmDialog } from '../../components/confirm.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { toast } from '../../components/toast.tsx';
import { DataSaverSetting } from '../../components/video-player/data-saver-setting.tsx';
import { useProfile } from './api/profile.ts';
import { ConfirmEmailDialog, wrapAnywhere } from './confirm-email.tsx';
import { EditProfile } from './edit-profile.tsx';
import { YourOrders } from './your-orders.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { signOutEverywhere } from '../../lib/auth.ts';
import { signInState } from '../../lib/redirect.ts';
import { useHasSession } from '../../lib/session.ts';
import { INDIAN_STATES } from '@gia/shared/selling-rules.ts';

/** `/Profile`: the learner's profile with an edit modal. */
export function ProfilePage() {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const profile = useProfile();
  const p = profile.data;
  const signedIn = useHasSession('learner');
  return (
    <>
      <PageHeading title="My Profile" />
      {profile.isLoading ? (
        <p className="loading">Loading...</p>
      ) : !p ? (
        <p className="empty">Something went wrong..</p>
      ) : (
        <section className="card profile">
          {p.profile_image ? (
            <img
              src={p.profile_image}
              alt="Profile"
              width={120}
              height={120}
              className="profile-image"
            />
          ) : (
            <div className="profile-image is-placeholder">{p.user_name.charAt(0)}</div>
          )}
          <dl className="facts">
            <dt>Name</dt>
            <dd>{p.user_name || 'N/A'}</dd>
            <dt>Mobile</dt>
            <dd>{p.user_mobile || 'N/A'}</dd>
            <dt>Email</dt>
            <dd style={wrapAnywhere}>{p.email}</dd>
            <dt>Date of Birth</dt>
            <dd>{p.dob || 'N/A'}</dd>
            <dt>Course of Study</dt>
            <dd>{p.course_of_study || 'N/A'}</dd>
            <dt>State</dt>
            <dd>{INDIAN_STATES.find((st) => st.code === p.state)?.name ?? 'N/A'}</dd>
          </dl>
          {p.pending_email && (
            <p className="notice" role="status">
              Your new email <strong style={wrapAnywhere}>{p.pending_email}</strong> is waiting for
              the code we sent to it.{' '}
              <button type="button" className="btn" onClick={() => setConfirming(true)}>
                Enter code
              </button>
            </p>
          )}
          <button type="button" className="btn btn-primary" onClick={() => setEditing(true)}>
            Edit Profile
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

/** The question the learner confirms before every session of the account ends. */
export const SIGN_OUT_EVERYWHERE_QUESTION =
  'Sign out on every phone and computer, this one too? You will need to sign in again.';

/**
 * Ends every session of the account (a lost phone, a shared computer), then sends the learner to
 * sign in with the server's message.
 */
function SignOutEverywhere() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  async function signOutAll() {
    if (!(await confirmDialog(SIGN_OUT_EVERYWHERE_QUESTION))) return;
    setBusy(true);
    try {
      const message = await signOutEverywhere();
      navigate('/signin', { replace: true, state: signInState(undefined, message) });
    } catch (err) {
      toast.error(errorMessage(err, 'Could not sign you out everywhere. Please try again.'));
      setBusy(false);
    }
  }
  return (
    <section className="card sign-out-everywhere" aria-labelledby="sign-out-everywhere">
      <h2 id="sign-out-everywhere">Your devices</h2>
      <p className="muted">
        Signed in on a phone or computer you no longer use? Sign out there and everywhere else.
      </p>
      <button type="button" className="btn" onClick={signOutAll} disabled={busy}>
        Sign out everywhere
      </button>
    </section>
  );
}
