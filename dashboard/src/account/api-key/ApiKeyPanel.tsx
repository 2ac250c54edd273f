import { useState } from 'react';
import { useI18n } from '../../i18n.tsx';

type Props = {
  /** Whether the broadcaster has a key now (its value is never read back: it is shown once). */
  hasKey: boolean;
  /** Makes a new key, ending the old one; answers the new key's value, or null when it failed. */
  onRegenerate: () => Promise<string | null>;
};

/** The broadcaster's API key: made or remade after a confirmation, its value shown once. */
export function ApiKeyPanel({ hasKey, onRegenerate }: Props) {
  const { t } = useI18n();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  async function make() {
    setBusy(true);
    try {
      const made = await onRegenerate();
      if (made === null) return;
      setKey(made);
      setConfirming(false);
      setCopied(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card">
      <p>{t('dashboardAccount.apiKey.intro')}</p>
      {key ? (
        <div className="field">
          <label htmlFor="api-key-value">{t('dashboardAccount.apiKey.shownOnce')}</label>
          <div className="field-row">
            <input id="api-key-value" readOnly value={key} onFocus={(e) => e.currentTarget.select()} />
            <button
              type="button"
              className="button"
              onClick={() => void navigator.clipboard?.writeText(key).then(() => setCopied(true))}
            >
              {t('dashboardAccount.apiKey.copy')}
            </button>
          </div>
          <p role="status">{copied ? t('dashboardAccount.apiKey.copied') : ''}</p>
        </div>
      ) : (
        hasKey && <p>{t('dashboardAccount.apiKey.hidden')}</p>
      )}
      {confirming ? (
        <div role="alertdialog" aria-labelledby="api-key-confirm" className="confirm">
          <p id="api-key-confirm">{t('dashboardAccount.apiKey.confirmRegenerate')}</p>
          <button type="button" className="button danger" disabled={busy} onClick={() => void make()}>
            {t('dashboardAccount.apiKey.regenerate')}
          </button>
          <button type="button" className="link-button" onClick={() => setConfirming(false)}>
            {t('dashboardAccount.common.cancel')}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => (hasKey || key ? setConfirming(true) : void make())}
        >
          {hasKey || key ? t('dashboardAccount.apiKey.regenerate') : t('dashboardAccount.apiKey.create')}
        </button>
      )}
    </section>
  );
}
