import { QRCodeSVG } from 'qrcode.react';
import { useSearchParams } from 'react-router';
import { useI18n, useSitePath } from '../i18n.tsx';

/**
 * /video-wall/qr: a QR code for the people in the room to open the site's live webcasts on
 * their phones (spec §2 Webcasts: /webcasts, or one broadcaster's /webcasts/{broadcasterID}
 * with `?broadcasterID=`), in the wall's language.
 */
export function QrScreen() {
  const { t } = useI18n();
  const sitePath = useSitePath();
  const [search] = useSearchParams();
  const broadcasterID = search.get('broadcasterID')?.trim();
  const path = broadcasterID ? `/webcasts/${encodeURIComponent(broadcasterID)}` : '/webcasts';
  const url = new URL(sitePath(path), window.location.origin).href;
  return (
    <main id="main" className="video-wall-qr">
      <h1>{t('videoWall.qr.title')}</h1>
      <QRCodeSVG
        value={url}
        size={320}
        marginSize={4}
        title={t('videoWall.qr.codeLabel', { url })}
        role="img"
        data-url={url}
      />
      <p className="video-wall-qr-url">{url}</p>
      <p>{t('videoWall.qr.hint')}</p>
    </main>
  );
}
