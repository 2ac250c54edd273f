import { errorFromResponse } from '@kerygma/api/request';
import type { userContracts } from '@kerygma/domain/contracts/users';
import { type SubmitEvent, useRef, useState } from 'react';
import type { SessionUser } from '../../stores/session.ts';
import { sessionCall, userChanged } from '../session/index.ts';
import type { SettingsPartProps } from './settings-shared.ts';
import { ACCOUNT_RULES, apiErrorText, Field, Outcome } from './shared.tsx';

type Users = typeof userContracts;
const START = { method: 'POST', path: '/site/users/upload_profile_picture' } as const satisfies Pick<
  Users['uploadProfilePicture'],
  'method' | 'path'
>;
const REMOVE = { method: 'POST', path: '/site/users/delete_profile_picture' } as const satisfies Pick<
  Users['deleteProfilePicture'],
  'method' | 'path'
>;
/** The size shown here, one of ACCOUNT_RULES.pictureSizes. */
const SHOWN = 200;
const MAX_MB = ACCOUNT_RULES.pictureMaxBytes / 1024 ** 2;

/** Sends the bytes to the upload slot (`putProfilePicture`): a raw body, not JSON, so not through the transport. */
async function sendBytes(uploadURL: string, file: File): Promise<SessionUser> {
  const answer = await fetch(uploadURL, {
    method: 'PUT',
    body: file,
    credentials: 'same-origin',
    headers: {
      'content-type': file.type || 'application/octet-stream',
      'accept-language': document.documentElement.lang || 'en',
    },
  });
  const body: unknown = await answer.json().catch(() => undefined);
  if (!answer.ok) throw errorFromResponse(answer.status, body, () => '');
  return body as SessionUser;
}

/** The profile picture: shown, replaced by choosing and uploading a file (POST for a slot, then PUT the bytes), removed. */
export default function SettingsPicture({ user, t }: SettingsPartProps) {
  const input = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<SessionUser>, doneText: string) {
    setFailure(null);
    setDone(null);
    setBusy(true);
    try {
      userChanged(await work());
      setDone(doneText);
      return true;
    } catch (err) {
      setFailure(apiErrorText(err, t('account.forms.failed')));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function upload(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const file = input.current?.files?.[0];
    setFileError(null);
    if (!file) {
      setFileError(t('account.pages.settings.pictureMissing'));
      return input.current?.focus();
    }
    if (file.size > ACCOUNT_RULES.pictureMaxBytes) {
      setFileError(t('account.pages.settings.pictureTooLarge', { mb: MAX_MB }));
      return input.current?.focus();
    }
    const sent = await run(async () => {
      const { uploadURL } = await sessionCall<Users['uploadProfilePicture']>(START);
      return sendBytes(uploadURL, file);
    }, t('account.pages.settings.pictureUploaded'));
    if (sent && input.current) input.current.value = '';
  }

  return (
    <form
      className="account-form secondary"
      method="post"
      noValidate
      onSubmit={upload}
      aria-labelledby="settings-picture-title"
    >
      <h2 id="settings-picture-title">{t('account.pages.settings.pictureTitle')}</h2>
      {user.profile_picture ? (
        <img
          className="profile-picture"
          src={user.profile_picture.replace('{size}', String(SHOWN))}
          alt={t('account.pages.settings.pictureAlt')}
          width={SHOWN / 2}
          height={SHOWN / 2}
        />
      ) : (
        <p className="note">{t('account.pages.settings.pictureNone')}</p>
      )}
      <Field
        ref={input}
        id="settings-picture-file"
        name="picture"
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp,image/bmp"
        label={t('account.pages.settings.pictureChoose')}
        hint={<p>{t('account.pages.settings.pictureHint', { pixels: ACCOUNT_RULES.pictureMinPixels, mb: MAX_MB })}</p>}
        onChange={() => setFileError(null)}
        error={fileError}
      />
      <Outcome error={failure} done={done} />
      <div className="buttons">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t('account.forms.sending') : t('account.pages.settings.pictureUpload')}
        </button>
        {user.profile_picture ? (
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              run(() => sessionCall<Users['deleteProfilePicture']>(REMOVE), t('account.pages.settings.pictureRemoved'))
            }
          >
            {t('account.pages.settings.pictureRemove')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
