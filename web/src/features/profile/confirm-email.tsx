import { useState, type FormEvent } from 'react';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n.ts';
import { Trans } from '../../lib/trans.tsx';
import { useVerifyEmail } from './api/profile.ts';
import { serverText } from '../../lib/server-text.ts';

/** Long e-mail addresses wrap instead of widening the page on narrow screens. */
export const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/**
 * The second step of an e-mail change: the code Cognito sent to the new address. Errors show
 * next to the field.
 */
export function ConfirmEmail({ pendingEmail, onClose }: { pendingEmail: string; onClose(): void }) {
  const t = useT();
  const verify = useVerifyEmail();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setError(t('profile.codeRequired'));
    setError('');
    try {
      toast.success(serverText(await verify.mutateAsync(code.trim())));
      onClose();
    } catch (err) {
      setError(errorMessage(err, t('profile.updateFailed')));
    }
  }

  return (
    <>
      <h2>{t('profile.confirmEmailTitle')}</h2>
      <p>{t('profile.codeSent')}</p>
      <p>
        <Trans
          id="profile.newEmail"
          values={{ email: pendingEmail }}
          components={{ 0: <strong style={wrapAnywhere} /> }}
        />
      </p>
      <p>{t('profile.untilThen')}</p>
      <form onSubmit={submit} className="form" noValidate>
        <TextField
          id="p-code"
          label={t('profile.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          error={error}
          onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
        />
        <ModalActions
          primary={t('profile.confirm')}
          busy={verify.isPending}
          secondary={t('profile.later')}
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
  const t = useT();
  return (
    <Modal label={t('profile.confirmEmailTitle')} className="profile-modal">
      <ConfirmEmail pendingEmail={pendingEmail} onClose={onClose} />
    </Modal>
  );
}
