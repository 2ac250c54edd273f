import type { BannerBackground } from '@kerygma/domain/contracts/images';
import { useId, useState } from 'react';
import { useI18n } from '../../i18n.tsx';

type Props = {
  /** The gallery (`GET node/images/background/broadcaster`), names in the page's language. */
  backgrounds: readonly BannerBackground[];
  /** The broadcaster's banner now (its plain URL): a background showing it is the current one. */
  current: string | null;
  /** Takes a background as the banner, toasting how it went; settles once the server has answered. */
  onChoose: (backgroundID: string) => Promise<void>;
};

/**
 * The banner gallery (spec §3): stock backgrounds as a grid of buttons, each named, the one the
 * banner shows pressed. A press takes it at once, no question asked; a second press while the
 * first is under way is ignored (the buttons stay focusable: a disabled one would drop the focus).
 */
export function BannerGallery({ backgrounds, current, onChoose }: Props) {
  const { t } = useI18n();
  const headingId = useId();
  const [choosing, setChoosing] = useState(false);

  async function choose(backgroundID: string) {
    if (choosing) return;
    setChoosing(true);
    try {
      await onChoose(backgroundID);
    } finally {
      setChoosing(false);
    }
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('dashboardAccount.customization.background')}</h2>
      <p>{t('dashboardAccount.customization.galleryIntro')}</p>
      <ul className="gallery" aria-busy={choosing}>
        {backgrounds.map((b) => {
          const isCurrent = b.imageURL === current;
          return (
            <li key={b.backgroundID}>
              <button
                type="button"
                aria-pressed={isCurrent}
                onClick={() => {
                  if (!isCurrent) void choose(b.backgroundID);
                }}
              >
                <img src={b.thumbnailImageURL} alt="" width={640} height={213} loading="lazy" />
                <span>{b.displayName}</span>
                {isCurrent && (
                  <span className="hint" aria-hidden="true">
                    {t('dashboardAccount.customization.currentBanner')}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
