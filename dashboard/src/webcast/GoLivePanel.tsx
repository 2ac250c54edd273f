import type { WebcastMetadata } from '@kerygma/domain/contracts/webcasts';
import { useMemo, useState } from 'react';
import { useI18n } from '../i18n.tsx';

type Props = {
  metadata: WebcastMetadata;
  /** Makes a new stream key, ending the old one; answers whether it was made. */
  onResetKey: () => Promise<boolean>;
  /** Lifts the pause after a server stop; answers whether it was lifted. */
  onResume: () => Promise<boolean>;
};

/** A value to paste into OBS, with its copy button and the word that it was copied. */
function CopyField({ id, label, value, hidden }: { id: string; label: string; value: string; hidden?: boolean }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field-row">
        <input
          id={id}
          readOnly
          type={hidden ? 'password' : 'text'}
          value={value}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button
          type="button"
          className="button"
          aria-label={t('webcastScreen.goLive.copyLabel', { what: label })}
          onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}
        >
          {t('webcastScreen.goLive.copy')}
        </button>
      </div>
      <p role="status">{copied ? t('webcastScreen.goLive.copied') : ''}</p>
    </div>
  );
}

/**
 * The stream key's pause after the server stopped a webcast as overlong or unattended (spec §8):
 * until when and why, and the button that lets the broadcaster publish again now.
 */
function PausedNotice({
  pause,
  onResume,
}: {
  pause: NonNullable<WebcastMetadata['webcastingPause']>;
  onResume: () => Promise<boolean>;
}) {
  const { t, lang } = useI18n();
  const time = useMemo(() => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }), [lang]);
  const [busy, setBusy] = useState(false);
  const message =
    pause.reason === 'overlong' ? 'webcastScreen.goLive.pausedOverlong' : 'webcastScreen.goLive.pausedUnattended';
  async function resume() {
    setBusy(true);
    try {
      await onResume();
    } finally {
      setBusy(false);
    }
  }
  return (
    <div role="alert" className="warning">
      <p>{t(message, { time: time.format(new Date(pause.until)), hours: pause.limitHours })}</p>
      <button type="button" className="button" disabled={busy} onClick={() => void resume()}>
        {t('webcastScreen.goLive.resume')}
      </button>
    </div>
  );
}

/**
 * Going live (spec §3 Webcast): the RTMP server and stream key to give OBS, the key hidden until
 * asked for and made anew after a confirmation, and the encoder settings the HLS output needs.
 */
export function GoLivePanel({ metadata, onResetKey, onResume }: Props) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function reset() {
    setBusy(true);
    try {
      if (await onResetKey()) setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="webcast-go-live">
      <h2 id="webcast-go-live">{t('webcastScreen.goLive.title')}</h2>
      {!metadata.canWebcast && <p role="alert">{t('webcastScreen.goLive.cannotWebcast')}</p>}
      {metadata.canWebcast && metadata.webcastingPause && (
        <PausedNotice pause={metadata.webcastingPause} onResume={onResume} />
      )}
      <p>{t('webcastScreen.goLive.intro')}</p>
      {metadata.rtmpURL ? (
        <CopyField id="webcast-rtmp-url" label={t('webcastScreen.goLive.server')} value={metadata.rtmpURL} />
      ) : (
        <p>{t('webcastScreen.goLive.noServer')}</p>
      )}
      <CopyField
        id="webcast-stream-key"
        label={t('webcastScreen.goLive.key')}
        value={metadata.streamKey}
        hidden={!shown}
      />
      <button type="button" className="link-button" aria-pressed={shown} onClick={() => setShown(!shown)}>
        {shown ? t('webcastScreen.goLive.hideKey') : t('webcastScreen.goLive.showKey')}
      </button>
      {metadata.rtmpURL?.toLowerCase().startsWith('rtmp:') && (
        <p className="warning">{t('webcastScreen.goLive.plainRtmp')}</p>
      )}
      {confirming ? (
        <div role="alertdialog" aria-labelledby="webcast-key-confirm" className="confirm">
          <p id="webcast-key-confirm">{t('webcastScreen.goLive.confirmReset')}</p>
          <button type="button" className="button danger" disabled={busy} onClick={() => void reset()}>
            {t('webcastScreen.goLive.reset')}
          </button>
          <button type="button" className="link-button" onClick={() => setConfirming(false)}>
            {t('dashboardAccount.common.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setConfirming(true)}>
          {t('webcastScreen.goLive.reset')}
        </button>
      )}
      <h3>{t('webcastScreen.obs.title')}</h3>
      <ul>
        <li>{t('webcastScreen.obs.service')}</li>
        <li>{t('webcastScreen.obs.encoder')}</li>
        <li>{t('webcastScreen.obs.keyframes')}</li>
        <li>{t('webcastScreen.obs.bitrate')}</li>
      </ul>
    </section>
  );
}
