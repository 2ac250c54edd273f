import type { broadcasterContracts } from '@kerygma/domain/contracts/broadcasters';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../i18n.tsx';
import { call, routeOf } from '../../session.ts';
import { type Images, routes } from '../account-api.ts';
import { accountKey, ScreenFrame, useBroadcasterParams, useChange } from '../screen.tsx';
import { PictureUpload } from './PictureUpload.tsx';

type Detail = (typeof broadcasterContracts)['broadcasterDetail'];
const detailRoute = routeOf<Detail>({ method: 'GET', path: '/node/broadcasters/:broadcasterID' });

/** §2 account/customization: the banner and profile pictures (and the background gallery, not on this site yet). */
export default function CustomizationScreen() {
  const { t } = useI18n();
  const params = useBroadcasterParams();
  const change = useChange();
  const detail = useQuery({
    queryKey: accountKey(params.broadcasterID, 'pictures'),
    queryFn: ({ signal }) => call<Detail>(detailRoute, { params, query: { lite: false }, signal, noCache: true }),
  });
  const pictures = detail.data && 'bannerImageURL' in detail.data ? detail.data : null;
  const body = { broadcasterID: params.broadcasterID };
  return (
    <ScreenFrame title={t('dashboardAccount.customization.title')} pending={detail.isPending} error={detail.error}>
      {() => (
        <>
          <PictureUpload
            label={t('dashboardAccount.customization.banner')}
            current={pictures?.bannerImageURL ?? null}
            start={() => call<Images['startBroadcasterBannerUpload']>(routes.startBannerUpload, { body })}
            change={change}
          />
          <PictureUpload
            label={t('dashboardAccount.customization.profile')}
            current={pictures?.imageURL ?? null}
            start={() => call<Images['startBroadcasterProfileUpload']>(routes.startProfileUpload, { body })}
            change={change}
          />
          <section className="card">
            <h2>{t('dashboardAccount.customization.background')}</h2>
            <p>{t('dashboardAccount.customization.galleryNotYet')}</p>
          </section>
        </>
      )}
    </ScreenFrame>
  );
}
