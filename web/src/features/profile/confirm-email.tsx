import { useState, type FormEvent } from 'react';
import { LEARNING_MESSAGES as M } from '@gia/shared';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useVerifyEmail } from './api/profile.ts';

/** Long e-mail addresses wrap instead of widening the page on narrow screens. */
export const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/**
 * The second step of an e-mail change: the code Cognito sent to the new address. Errors show
 * next to the field.
 */
export function ConfirmEmail({ pendingEmail, onClose }: { pendingEmail: string; onClose(): void }) {
  const verify = useVerifyEmail();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(M.emailCodeRequired);
    setError('');
    try {
      toast.success((await verify.mutateAsync(code.trim())).message);
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Error updating data'));
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
        <TextField
          id="p-code"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          error={error}
          onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
        />
        <ModalActions
          primary="Confirm"
          busy={verify.isPending}
          secondary="Later"
          onSecondary={onClose}
        />
      </form>
    </>
  );
}

/** The code dialog opened again from the profile page while a change is pending. */
export function ConfirmEmailDialog({
  pendingEmail,
  onClose,
}: {
  pendingEmail: string;
  onClose(): void;
}) {
  return (
    <Modal label="Confirm your new email" className="profile-modal">
      <ConfirmEmail pendingEmail={pendingEmail} onClose={onClose} />
    </Modal>
  );
}
