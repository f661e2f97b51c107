import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LEARNING_MESSAGES as M, PROFILE_FIELDS } from '@gia/shared';
import { PageHeading } from '../../components/page-heading.tsx';
import { toast } from '../../components/toast.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useSession } from '../../lib/session.ts';
import { uploadFile } from '../../lib/upload.ts';

const L = '/api/v1/classuser/data';

interface Profile {
  user_id: string;
  user_name: string;
  user_mobile: string;
  email: string;
  dob: string;
  course_of_study: string;
  profile_image: string;
  /** A new e-mail waiting for the code sent to it. */
  pending_email: string | null;
}

/** Long e-mail addresses wrap instead of widening the page on narrow screens. */
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

const today = () => new Date().toISOString().slice(0, 10);

/** Keeps the session's name and e-mail in step with the stored profile. */
function syncSession(profile: Profile) {
  const session = useSession.getState();
  if (session.user)
    useSession.setState({
      user: { ...session.user, name: profile.user_name, email: profile.email },
    });
}

/**
 * The second step of an e-mail change: the code Cognito sent to the new address. Errors show
 * next to the field.
 */
function ConfirmEmail({ pendingEmail, onClose }: { pendingEmail: string; onClose(): void }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(M.emailCodeRequired);
    setBusy(true);
    setError('');
    try {
      const res = await api<{ message: string; data: Profile }>('POST', `${L}/verifyEmail`, {
        body: { code: code.trim() },
      });
      toast.success(res.message);
      syncSession(res.data);
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Error updating data'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h2>Confirm your new email</h2>
      <p>{M.emailCodeSent}</p>
      <p>
        New email: <strong style={wrapAnywhere}>{pendingEmail}</strong>
      </p>
      <p>Until then you sign in with your current email.</p>
      <form onSubmit={submit} className="form" noValidate>
        <div className="field">
          <label htmlFor="p-code">Code</label>
          <input
            id="p-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'p-code-error' : undefined}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          {error && (
            <p className="form-error" id="p-code-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="modal-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Confirm
          </button>
          <button type="button" className="btn" onClick={onClose}>
            Later
          </button>
        </div>
      </form>
    </>
  );
}

function EditProfile({ profile, onClose }: { profile: Profile; onClose(): void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    ...profile,
    email: profile.pending_email ?? profile.email,
  });
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Profile, v: string) => setValues({ ...values, [k]: v });

  async function submit(e: FormEvent) {
    e.preventDefault();
    for (const [field, label] of Object.entries(PROFILE_FIELDS)) {
      const v =
        field === 'profile_image'
          ? (image ?? values.profile_image)
          : values[field as keyof Profile];
      if (!v || (typeof v === 'string' && !v.trim())) return toast.error(`${label} is required!`);
    }
    if (values.dob > today()) return toast.error(M.profileDob);
    setBusy(true);
    try {
      let profileImage = values.profile_image;
      if (image) {
        try {
          profileImage = await uploadFile('image', image);
        } catch {
          setImage(null);
          return toast.error('File upload failed. Please try again.');
        }
      }
      const res = await api<{ message: string; data: Profile }>('PUT', `${L}/updateclass_users`, {
        body: { ...values, profile_image: profileImage },
      });
      toast.success(res.message);
      syncSession(res.data);
      await queryClient.invalidateQueries({ queryKey: ['profile'] });
      // A new e-mail waits for its code: the dialog asks for it.
      if (res.data.pending_email) setPendingEmail(res.data.pending_email);
      else onClose();
    } catch (err) {
      toast.error(errorMessage(err, 'Error updating data'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="modal-backdrop">
      <div
        className="modal profile-modal"
        role="dialog"
        aria-modal="true"
        aria-label={pendingEmail ? 'Confirm your new email' : 'Edit Profile'}
      >
        {pendingEmail ? (
          <ConfirmEmail pendingEmail={pendingEmail} onClose={onClose} />
        ) : (
          <>
            <h2>Edit Profile</h2>
            <form onSubmit={submit} className="form" noValidate>
              <div className="field">
                <label htmlFor="p-name">Name</label>
                <input
                  id="p-name"
                  value={values.user_name}
                  onChange={(e) => set('user_name', e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor="p-mobile">Mobile</label>
                <input
                  id="p-mobile"
                  inputMode="numeric"
                  value={values.user_mobile}
                  onChange={(e) =>
                    set('user_mobile', e.target.value.replace(/\D/g, '').slice(0, 10))
                  }
                />
              </div>
              <div className="field">
                <label htmlFor="p-email">Email</label>
                <input
                  id="p-email"
                  type="email"
                  value={values.email}
                  onChange={(e) => set('email', e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor="p-dob">Date of Birth</label>
                <input
                  id="p-dob"
                  type="date"
                  max={today()}
                  value={values.dob}
                  onChange={(e) => set('dob', e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor="p-course">Course of Study</label>
                <input
                  id="p-course"
                  value={values.course_of_study}
                  onChange={(e) => set('course_of_study', e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor="p-image">Profile Image</label>
                <input
                  id="p-image"
                  type="file"
                  accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
                  onChange={(e) => setImage(e.target.files?.[0] ?? null)}
                />
              </div>
              <div className="modal-actions">
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  Save
                </button>
                <button type="button" className="btn" onClick={onClose}>
                  Cancel
                </button>
              </div>
            </form>
          </>
        )}
      </div>
    </div>
  );
}

/** The code dialog opened again from the profile page while a change is pending. */
function ConfirmEmailDialog({ pendingEmail, onClose }: { pendingEmail: string; onClose(): void }) {
  return (
    <div className="modal-backdrop">
      <div
        className="modal profile-modal"
        role="dialog"
        aria-modal="true"
        aria-label="Confirm your new email"
      >
        <ConfirmEmail pendingEmail={pendingEmail} onClose={onClose} />
      </div>
    </div>
  );
}

/** `/Profile`: the learner's profile with an edit modal. */
export function ProfilePage() {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const profile = useQuery({
    queryKey: ['profile'],
    queryFn: async () => (await api<{ data: Profile[] }>('GET', `${L}/getclass_users`)).data[0],
  });
  const p = profile.data;
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
      {editing && p && <EditProfile profile={p} onClose={() => setEditing(false)} />}
      {confirming && p?.pending_email && (
        <ConfirmEmailDialog pendingEmail={p.pending_email} onClose={() => setConfirming(false)} />
      )}
    </>
  );
}
