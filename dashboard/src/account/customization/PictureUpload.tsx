import { errorFromResponse } from '@kerygma/api/request';
import type { imageUrlsSchema } from '@kerygma/domain/contracts/images';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { useI18n } from '../../i18n.tsx';

export type ImageUrls = z.infer<typeof imageUrlsSchema>;

/** Sends a picture's bytes to its upload slot (`putImage`): a raw body, not JSON, so not through the transport. */
async function sendBytes(uploadURL: string, file: File): Promise<ImageUrls> {
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
  return body as ImageUrls;
}

type Props = {
  label: string;
  /** The picture now, if any. */
  current: string | null;
  /** Asks for an upload slot; its URL takes the bytes. */
  start: () => Promise<{ uploadURL: string }>;
  /** Runs the upload, toasting how it went (the screen's `useChange`); answers undefined when it failed. */
  change: <T>(run: () => Promise<T>) => Promise<T | undefined>;
  /** The stored picture's URLs, once an upload has succeeded (the screen shows it as `current`). */
  onStored: (urls: ImageUrls) => void;
};

/** A broadcaster picture (banner or profile): shown, replaced by choosing a file. */
export function PictureUpload({ label, current, start, change, onStored }: Props) {
  const { t } = useI18n();
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function upload(file: File) {
    setBusy(true);
    const urls = await change(async () => sendBytes((await start()).uploadURL, file));
    setBusy(false);
    if (urls) onStored(urls);
  }

  return (
    <section className="card picture-upload">
      <h2>{label}</h2>
      {current && <img src={current} alt={label} className="picture" />}
      <label htmlFor={id}>
        {busy ? t('dashboardAccount.customization.uploading') : t('dashboardAccount.customization.upload')}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        disabled={busy}
        aria-describedby={`${id}-rules`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void upload(file);
        }}
      />
      <p id={`${id}-rules`} className="hint">
        {t('dashboardAccount.customization.imageRules')}
      </p>
    </section>
  );
}
