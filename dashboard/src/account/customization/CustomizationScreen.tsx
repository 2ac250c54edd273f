import type { broadcasterContracts } from '@kerygma/domain/contracts/broadcasters';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../../i18n.tsx';
import { call, routeOf } from '../../session.ts';
import { type Images, routes } from '../account-api.ts';
import { accountKey, ScreenFrame, useBroadcasterParams, useChange } from '../screen.tsx';
import { BannerGallery } from './BannerGallery.tsx';
import { PictureUpload } from './PictureUpload.tsx';

type Detail = (typeof broadcasterContracts)['broadcasterDetail'];
const detailRoute = routeOf<Detail>({ method: 'GET', path: '/node/broadcasters/:broadcasterID' });

/** §2 account/customization: the banner (uploaded, or taken from the gallery) and the profile picture. */
export default function CustomizationScreen() {
  const { t, lang } = useI18n();
  const params = useBroadcasterParams();
  const change = useChange();
  const queryClient = useQueryClient();
  const key = accountKey(params.broadcasterID, 'pictures');
  const detail = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => call<Detail>(detailRoute, { params, query: { lite: false }, signal, noCache: true }),
  });
  // The names are in the page's language: one list per language.
  const gallery = useQuery({
    queryKey: ['banner-gallery', lang],
    queryFn: ({ signal }) => call<Images['bannerGallery']>(routes.bannerGallery, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const pictures = detail.data && 'bannerImageURL' in detail.data ? detail.data : null;
  const body = { broadcasterID: params.broadcasterID };
  /** Shows a new picture as the broadcaster's (the server has stored it). */
  const show = (field: 'bannerImageURL' | 'imageURL', url: string) =>
    queryClient.setQueryData(key, (before: typeof detail.data) => before && { ...before, [field]: url });

  return (
    <ScreenFrame title={t('dashboardAccount.customization.title')} pending={detail.isPending} error={detail.error}>
      {() => (
        <>
          <PictureUpload
            label={t('dashboardAccount.customization.banner')}
            current={pictures?.bannerImageURL ?? null}
            start={() => call<Images['startBroadcasterBannerUpload']>(routes.startBannerUpload, { body })}
            change={change}
            onStored={(urls) => show('bannerImageURL', urls.url)}
          />
          {gallery.data && (
            <BannerGallery
              backgrounds={gallery.data.results}
              current={pictures?.bannerImageURL ?? null}
              onChoose={async (backgroundID) => {
                const urls = await change(() =>
                  call<Images['chooseBannerFromGallery']>(routes.chooseBannerFromGallery, {
                    body: { ...body, backgroundID },
                  }),
                );
                if (urls) show('bannerImageURL', urls.url);
              }}
            />
          )}
          <PictureUpload
            label={t('dashboardAccount.customization.profile')}
            current={pictures?.imageURL ?? null}
            start={() => call<Images['startBroadcasterProfileUpload']>(routes.startProfileUpload, { body })}
            change={change}
            onStored={(urls) => show('imageURL', urls.url)}
          />
        </>
      )}
    </ScreenFrame>
  );
}
