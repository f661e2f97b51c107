import { useState, type FormEvent } from 'react';
import { LEARNING_MESSAGES as M, PROFILE_FIELDS, type LearnerProfileAnswer } from '@gia/shared';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { Field, TextField } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { uploadFile } from '../../lib/upload.ts';
import { useUpdateProfile } from './api/profile.ts';
import { ConfirmEmail } from './confirm-email.tsx';

type Values = Omit<LearnerProfileAnswer, 'pending_email' | 'is_verified' | 'user_id'>;

const today = () => new Date().toISOString().slice(0, 10);

/** The first check the form fails, as the message to show; `undefined` when it may be sent. */
function formProblem(values: Values, image: File | null): string | undefined {
  for (const [field, label] of Object.entries(PROFILE_FIELDS)) {
    const v =
      field === 'profile_image' ? (image ?? values.profile_image) : values[field as keyof Values];
    if (!v || (typeof v === 'string' && !v.trim())) return `${label} is required!`;
  }
  if (values.dob > today()) return M.profileDob;
  return undefined;
}

type TextKey = Exclude<keyof Values, 'profile_image'>;

/** The text fields of the form, in order; `clean` shapes what is typed (mobile: 10 digits). */
const TEXT_FIELDS: {
  field: TextKey;
  id: string;
  label: string;
  type?: string;
  inputMode?: 'numeric';
  clean?: (v: string) => string;
}[] = [
  { field: 'user_name', id: 'p-name', label: 'Name' },
  {
    field: 'user_mobile',
    id: 'p-mobile',
    label: 'Mobile',
    inputMode: 'numeric',
    clean: (v) => v.replace(/\D/g, '').slice(0, 10),
  },
  { field: 'email', id: 'p-email', label: 'Email', type: 'email' },
  { field: 'dob', id: 'p-dob', label: 'Date of Birth', type: 'date' },
  { field: 'course_of_study', id: 'p-course', label: 'Course of Study' },
];

/** The profile's fields: name, mobile (digits only), e-mail, date of birth, course, image. */
function ProfileFields(props: {
  values: Values;
  set(field: TextKey, value: string): void;
  onImage(file: File | null): void;
}) {
  return (
    <>
      {TEXT_FIELDS.map(({ field, clean, ...input }) => (
        <TextField
          key={field}
          {...input}
          max={field === 'dob' ? today() : undefined}
          value={props.values[field]}
          onChange={(v) => props.set(field, clean ? clean(v) : v)}
        />
      ))}
      <Field id="p-image" label="Profile Image">
        <input
          id="p-image"
          type="file"
          accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
          onChange={(e) => props.onImage(e.target.files?.[0] ?? null)}
        />
      </Field>
    </>
  );
}

/**
 * The edit modal. Saving a new e-mail leaves the modal open on the second step, the code sent to
 * the new address.
 */
export function EditProfile({
  profile,
  onClose,
}: {
  profile: LearnerProfileAnswer;
  onClose(): void;
}) {
  const update = useUpdateProfile();
  const [values, setValues] = useState<Values>({
    user_name: profile.user_name,
    user_mobile: profile.user_mobile,
    email: profile.pending_email ?? profile.email,
    dob: profile.dob,
    course_of_study: profile.course_of_study,
    profile_image: profile.profile_image,
  });
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = formProblem(values, image);
    if (problem) return toast.error(problem);
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
      const res = await update.mutateAsync({ ...values, profile_image: profileImage });
      toast.success(res.message);
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
    <Modal
      label={pendingEmail ? 'Confirm your new email' : 'Edit Profile'}
      className="profile-modal"
    >
      {pendingEmail ? (
        <ConfirmEmail pendingEmail={pendingEmail} onClose={onClose} />
      ) : (
        <>
          <h2>Edit Profile</h2>
          <form onSubmit={submit} className="form" noValidate>
            <ProfileFields
              values={values}
              set={(field, value) => setValues({ ...values, [field]: value })}
              onImage={setImage}
            />
            <ModalActions primary="Save" busy={busy} secondary="Cancel" onSecondary={onClose} />
          </form>
        </>
      )}
    </Modal>
  );
}
