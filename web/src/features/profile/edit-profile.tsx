import { useRef, useState, type FormEvent } from 'react';
import { PROFILE_LIMITS, REQUIRED_PROFILE_FIELDS, type LearnerProfileAnswer } from '@gia/shared';
import { isUiLanguage } from '@gia/shared/languages.ts';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { describedBy, Field, TextField } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { ApiError, apiErrorText, errorMessage } from '../../lib/api-client.ts';
import { t, useLanguage, useT } from '../../lib/i18n.ts';
import { uploadFile } from '../../lib/upload.ts';
import { useUpdateProfile } from './api/profile.ts';
import { ConfirmEmail } from './confirm-email.tsx';
import { serverText } from '../../lib/server-text.ts';
import { useStates } from '../../lib/state-names.ts';

type Values = Omit<
  LearnerProfileAnswer,
  'pending_email' | 'is_verified' | 'user_id' | 'state' | 'language'
> & {
  /** A GST state code, or '' while the learner has given none. */
  state: string;
};
type FieldKey = keyof Values;
type Errors = Partial<Record<FieldKey, string>>;

const today = () => new Date().toISOString().slice(0, 10);

/** The language the learner chose on this device, if they did (else the profile's stays unset). */
function chosenLanguage() {
  const { language, chosen } = useLanguage.getState();
  return chosen ? language : undefined;
}

/**
 * Every check the form fails, each under its field (all at once, not one at a time). The photo
 * is optional.
 */
const LABEL_OF = {
  user_name: 'profile.name',
  user_mobile: 'profile.mobile',
  email: 'profile.email',
  dob: 'profile.dob',
  course_of_study: 'profile.courseOfStudy',
} as const;

export function formProblems(values: Values): Errors {
  const errors: Errors = {};
  for (const field of REQUIRED_PROFILE_FIELDS) {
    if (!values[field].trim()) errors[field] = t('profile.required', { field: t(LABEL_OF[field]) });
  }
  if (!errors.user_mobile && !/^\d{10}$/.test(values.user_mobile)) {
    errors.user_mobile = t('profile.mobileDigits');
  }
  if (!errors.dob && values.dob > today()) errors.dob = t('profile.dobFuture');
  return errors;
}

type TextKey = Exclude<FieldKey, 'profile_image' | 'state'>;

/** The text fields of the form, in order; `clean` shapes what is typed (mobile: 10 digits). */
const TEXT_FIELDS: {
  field: TextKey;
  id: string;
  /** The label's message id. */
  label: (typeof LABEL_OF)[TextKey];
  type?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  autoComplete: string;
  maxLength?: number;
  clean?: (v: string) => string;
}[] = [
  {
    field: 'user_name',
    id: 'p-name',
    label: LABEL_OF.user_name,
    autoComplete: 'name',
    maxLength: PROFILE_LIMITS.user_name,
  },
  {
    field: 'user_mobile',
    id: 'p-mobile',
    label: LABEL_OF.user_mobile,
    type: 'tel',
    inputMode: 'numeric',
    autoComplete: 'tel-national',
    maxLength: PROFILE_LIMITS.user_mobile,
    clean: (v) => v.replace(/\D/g, '').slice(0, PROFILE_LIMITS.user_mobile),
  },
  {
    field: 'email',
    id: 'p-email',
    label: LABEL_OF.email,
    type: 'email',
    inputMode: 'email',
    autoComplete: 'email',
    maxLength: PROFILE_LIMITS.email,
  },
  { field: 'dob', id: 'p-dob', label: LABEL_OF.dob, type: 'date', autoComplete: 'bday' },
  {
    field: 'course_of_study',
    id: 'p-course',
    label: LABEL_OF.course_of_study,
    autoComplete: 'off',
    maxLength: PROFILE_LIMITS.course_of_study,
  },
];

const ID_OF: Record<FieldKey, string> = {
  ...(Object.fromEntries(TEXT_FIELDS.map((f) => [f.field, f.id])) as Record<TextKey, string>),
  profile_image: 'p-image',
  state: 'p-state',
};

/** The profile's fields: name, mobile (digits only), e-mail, date of birth, course, photo. */
function ProfileFields(props: {
  values: Values;
  errors: Errors;
  set(field: TextKey | 'state', value: string): void;
  onImage(file: File | null): void;
}) {
  const t = useT();
  const states = useStates();
  const stateHint = t('profile.stateHint');
  const imageHint = t('profile.imageHint');
  return (
    <>
      {TEXT_FIELDS.map(({ field, clean, label, ...input }) => (
        <TextField
          key={field}
          {...input}
          label={t(label)}
          max={field === 'dob' ? today() : undefined}
          value={props.values[field]}
          error={props.errors[field]}
          onChange={(v) => props.set(field, clean ? clean(v) : v)}
        />
      ))}
      <Field id="p-state" label={t('profile.state')} error={props.errors.state} hint={stateHint}>
        <select
          id="p-state"
          value={props.values.state}
          aria-invalid={props.errors.state ? true : undefined}
          aria-describedby={describedBy('p-state', props.errors.state, stateHint)}
          onChange={(e) => props.set('state', e.target.value)}
        >
          <option value="" disabled>
            {t('profile.chooseState')}
          </option>
          {states.map((st) => (
            <option key={st.code} value={st.code}>
              {st.name}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id="p-image"
        label={t('profile.imageOptional')}
        error={props.errors.profile_image}
        hint={imageHint}
      >
        <input
          id="p-image"
          type="file"
          accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
          aria-invalid={props.errors.profile_image ? true : undefined}
          aria-describedby={describedBy('p-image', props.errors.profile_image, imageHint)}
          onChange={(e) => props.onImage(e.target.files?.[0] ?? null)}
        />
      </Field>
    </>
  );
}

/** The server's field problems (a 400's details), by field of this form; the rest is general. */
function serverProblems(err: unknown): { errors: Errors; general?: string } {
  const errors: Errors = {};
  if (err instanceof ApiError && err.details?.length) {
    for (const d of err.details) {
      if (d.field in ID_OF && !errors[d.field as FieldKey])
        errors[d.field as FieldKey] = serverText(d);
    }
    if (Object.keys(errors).length) return { errors };
  }
  if (err instanceof ApiError && err.status === 409)
    return { errors: { email: apiErrorText(err) } };
  return { errors, general: errorMessage(err, t('profile.updateFailed')) };
}

/**
 * The edit modal. Problems show under their fields, all at once; saving a new e-mail leaves the
 * modal open on the second step, the code sent to the new address.
 */
export function EditProfile({
  profile,
  onClose,
}: {
  profile: LearnerProfileAnswer;
  onClose(): void;
}) {
  const t = useT();
  const update = useUpdateProfile();
  const [values, setValues] = useState<Values>({
    user_name: profile.user_name,
    user_mobile: profile.user_mobile,
    email: profile.pending_email ?? profile.email,
    dob: profile.dob,
    course_of_study: profile.course_of_study,
    profile_image: profile.profile_image,
    state: profile.state ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  /** Shows the problems and moves focus to the first field that has one. */
  function show(problems: Errors) {
    setErrors(problems);
    const first = (Object.keys(ID_OF) as FieldKey[]).find((f) => problems[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${ID_OF[first]}`)?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems = formProblems(values);
    if (Object.keys(problems).length) return show(problems);
    setErrors({});
    setBusy(true);
    try {
      let profileImage = values.profile_image;
      if (image) {
        try {
          profileImage = await uploadFile('image', image);
        } catch (err) {
          setImage(null);
          return show({
            profile_image: errorMessage(err, t('profile.uploadFailed')),
          });
        }
      }
      const res = await update.mutateAsync({
        ...values,
        state: values.state || undefined,
        profile_image: profileImage,
        // A language chosen on this device before the account kept one: the profile keeps it
        // now, so the code for a new e-mail (and every later e-mail) comes in it (issue 33).
        language: isUiLanguage(profile.language) ? undefined : chosenLanguage(),
      });
      toast.success(serverText(res));
      // A new e-mail waits for its code: the dialog asks for it.
      if (res.data.pending_email) setPendingEmail(res.data.pending_email);
      else onClose();
    } catch (err) {
      const { errors: fromServer, general } = serverProblems(err);
      if (general) toast.error(general);
      else show(fromServer);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      label={t(pendingEmail ? 'profile.confirmEmailTitle' : 'profile.edit')}
      className="profile-modal"
    >
      {pendingEmail ? (
        <ConfirmEmail pendingEmail={pendingEmail} onClose={onClose} />
      ) : (
        <>
          <h2>{t('profile.edit')}</h2>
          <form ref={formRef} onSubmit={submit} className="form" noValidate>
            <ProfileFields
              values={values}
              errors={errors}
              set={(field, value) => {
                setValues({ ...values, [field]: value });
                if (errors[field]) setErrors({ ...errors, [field]: undefined });
              }}
              onImage={(file) => {
                setImage(file);
                if (errors.profile_image) setErrors({ ...errors, profile_image: undefined });
              }}
            />
            <ModalActions
              primary={t('profile.save')}
              busy={busy}
              secondary={t('profile.cancel')}
              onSecondary={onClose}
            />
          </form>
        </>
      )}
    </Modal>
  );
}
