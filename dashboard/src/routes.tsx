import { BROADCASTER_ROLE } from '@kerygma/domain/roles';
import { Navigate, type RouteObject, useLocation, useParams } from 'react-router';
import { RoleGate } from './account/RoleGate.tsx';
import { routes as accountRoutes } from './account/routes.tsx';
import { AREAS } from './shell/area.ts';
import { ErrorView } from './shell/ErrorView.tsx';
import { Layout } from './shell/Layout.tsx';

/**
 * The dashboard's routes (spec §2 Dashboard). Every screen is its own chunk (`lazy`), so the
 * first screen loads only the shell and itself. Register a screen in `screens` (under the
 * layout: signed in, with a broadcaster) and, for the navigation, in `shell/nav.ts`; paths are
 * relative to the area (/dashboard, /dashboard-beta, /django).
 */
export const screens: RouteObject[] = [
  { index: true, element: <ToSermons /> },
  { path: 'sermons', lazy: () => import('./sermons/SermonList.tsx').then((m) => ({ Component: m.SermonList })) },
  {
    path: 'sermons/create',
    lazy: () => import('./sermons/CreateSermon.tsx').then((m) => ({ Component: m.CreateSermon })),
  },
  {
    path: 'sermons/:sermonID',
    lazy: () => import('./sermons/editor/SermonEditor.tsx').then((m) => ({ Component: m.SermonEditor })),
  },
  { path: 'series', lazy: () => import('./catalogue/SeriesList.tsx').then((m) => ({ Component: m.SeriesList })) },
  { path: 'speakers', lazy: () => import('./catalogue/SpeakerList.tsx').then((m) => ({ Component: m.SpeakerList })) },
  {
    path: 'highlighted',
    lazy: () => import('./catalogue/HighlightedSermons.tsx').then((m) => ({ Component: m.HighlightedSermons })),
  },
  { path: 'notices', lazy: () => import('./catalogue/Notices.tsx').then((m) => ({ Component: m.Notices })) },
  {
    path: 'feed-import',
    element: <RoleGate role={BROADCASTER_ROLE.uploader} />,
    children: [
      { index: true, lazy: () => import('./feed-import/FeedImportScreen.tsx').then((m) => ({ Component: m.default })) },
    ],
  },
  {
    path: 'webcast',
    element: <RoleGate role={BROADCASTER_ROLE.uploader} />,
    children: [
      { index: true, lazy: () => import('./webcast/WebcastScreen.tsx').then((m) => ({ Component: m.default })) },
    ],
  },
  { path: 'overview', lazy: () => import('./overview/Overview.tsx').then((m) => ({ Component: m.default })) },
  ...accountRoutes,
  { path: '*', element: <ErrorView /> },
];

/** The classic admin's embeds (spec §2), framed by it: no layout, messages to the parent frame. */
const djangoEmbeds: RouteObject[] = [
  {
    path: 'embed/:embed',
    lazy: () => import('./embeds/DjangoEmbed.tsx').then((m) => ({ Component: m.DjangoEmbed })),
  },
];

/** The dashboard's first screen, the sermons, keeping the query (`?broadcasterID=` from /broadcaster/select). */
function ToSermons() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: 'sermons', search }} replace />;
}

/** Unknown first segments (the SPA's other prefixes, until they have screens) show the error view. */
function Area() {
  const { area } = useParams();
  if (!(AREAS as readonly string[]).includes(area ?? '')) return <ErrorView />;
  return <Layout />;
}

/** The video wall (spec §2 Video wall), its own area and layout: signed in, VideoWall role or site admin. */
const videoWall: RouteObject = {
  path: 'video-wall',
  lazy: () => import('./video-wall/VideoWallArea.tsx').then((m) => ({ Component: m.VideoWallArea })),
  children: [
    { index: true, element: <Navigate to="group" replace /> },
    { path: 'admin', lazy: () => import('./video-wall/AdminScreen.tsx').then((m) => ({ Component: m.AdminScreen })) },
    { path: 'qr', lazy: () => import('./video-wall/QrScreen.tsx').then((m) => ({ Component: m.QrScreen })) },
    ...['broadcaster/:broadcasterID?', 'group/:group?'].map((path) => ({
      path,
      lazy: () => import('./video-wall/WallScreen.tsx').then((m) => ({ Component: m.WallScreen })),
    })),
    { path: '*', element: <ErrorView /> },
  ],
};

export const routes: RouteObject[] = [
  { path: 'admin', lazy: () => import('./admin/AdminArea.tsx').then((m) => ({ Component: m.AdminArea })) },
  {
    path: 'admin/webcast-health',
    lazy: () => import('./admin/WebcastHealthOverview.tsx').then((m) => ({ Component: m.WebcastHealthOverview })),
  },
  videoWall,
  ...djangoEmbeds.map((route) => ({ ...route, path: `django/${route.path}` })),
  { path: ':area', element: <Area />, children: screens },
  { path: '*', element: <ErrorView /> },
];
