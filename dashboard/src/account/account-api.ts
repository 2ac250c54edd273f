import type { broadcasterAccountContracts } from '@kerygma/domain/contracts/broadcaster-account';
import type { globalConfigContracts } from '@kerygma/domain/contracts/global-config';
import type { imageContracts } from '@kerygma/domain/contracts/images';
import { routeOf } from '../session.ts';

/**
 * The calls the account screens and the overview make, by their contracts' routes (the schemas
 * stay out of the screens' scripts). Every call is for the broadcaster being managed.
 */
export type A = typeof broadcasterAccountContracts;
export type Images = typeof imageContracts;
export type GlobalConfigContract = (typeof globalConfigContracts)['globalConfig'];

const at = '/node/broadcasters/:broadcasterID';
export const routes = {
  globalConfig: routeOf<GlobalConfigContract>({ method: 'GET', path: '/global_config' }),
  privateData: routeOf<A['broadcasterPrivateData']>({ method: 'GET', path: `${at}/private_data` }),
  updateBroadcaster: routeOf<A['updateBroadcaster']>({ method: 'PATCH', path: at }),
  emailSettings: routeOf<A['emailSettings']>({ method: 'GET', path: `${at}/email_settings` }),
  updateEmailSettings: routeOf<A['updateEmailSettings']>({ method: 'PATCH', path: `${at}/email_settings` }),
  podcastSettings: routeOf<A['podcastSettings']>({ method: 'GET', path: `${at}/podcast_settings` }),
  updatePodcastSettings: routeOf<A['updatePodcastSettings']>({ method: 'PATCH', path: `${at}/podcast_settings` }),
  donationSettings: routeOf<A['donationSettings']>({ method: 'GET', path: `${at}/donations` }),
  updateDonationSettings: routeOf<A['updateDonationSettings']>({ method: 'PUT', path: `${at}/donations` }),
  connections: routeOf<A['broadcasterConnections']>({ method: 'GET', path: `${at}/connections` }),
  connectFtp: routeOf<A['connectFtp']>({ method: 'POST', path: `${at}/ftp` }),
  connectDropbox: routeOf<A['connectDropbox']>({ method: 'POST', path: `${at}/dropbox` }),
  disconnectFtp: routeOf<A['disconnectFtp']>({ method: 'DELETE', path: `${at}/ftp` }),
  disconnectDropbox: routeOf<A['disconnectDropbox']>({ method: 'DELETE', path: `${at}/dropbox` }),
  twitterAuth: routeOf<A['twitterAuth']>({ method: 'GET', path: '/twitter_auth/:broadcasterID' }),
  googleAuth: routeOf<A['googleAuth']>({ method: 'GET', path: '/google_auth/:broadcasterID' }),
  facebookAuth: routeOf<A['facebookAuth']>({ method: 'GET', path: '/facebook_auth/:broadcasterID' }),
  keyInfo: routeOf<A['apiKeyInfo']>({ method: 'GET', path: `${at}/keyinfo` }),
  regenerateApiKey: routeOf<A['regenerateApiKey']>({ method: 'POST', path: `${at}/api_key` }),
  managers: routeOf<A['userRoles']>({ method: 'GET', path: `${at}/user_roles` }),
  changeRoles: routeOf<A['changeUserRoles']>({ method: 'PUT', path: `${at}/user_roles/:userID` }),
  removeManager: routeOf<A['removeManager']>({ method: 'DELETE', path: `${at}/user_roles/:userID` }),
  invites: routeOf<A['userInvites']>({ method: 'GET', path: `${at}/user_invites` }),
  invite: routeOf<A['inviteUser']>({ method: 'POST', path: `${at}/user_invites` }),
  resendInvite: routeOf<A['resendInvite']>({ method: 'POST', path: `${at}/user_invites/:inviteID/resend` }),
  revokeInvite: routeOf<A['revokeInvite']>({ method: 'DELETE', path: `${at}/user_invites/:inviteID` }),
  notices: routeOf<A['broadcasterNotices']>({ method: 'GET', path: `${at}/notices` }),
  lifetimeStats: routeOf<A['lifetimeStats']>({ method: 'GET', path: `${at}/lifetime_stats` }),
  recentStats: routeOf<A['recentStats']>({ method: 'GET', path: `${at}/recent_stats` }),
  sermonStats: routeOf<A['sermonStats']>({ method: 'GET', path: `${at}/sermon_stats` }),
  nextBill: routeOf<A['nextBill']>({ method: 'GET', path: `${at}/next_bill` }),
  startProfileUpload: routeOf<Images['startBroadcasterProfileUpload']>({
    method: 'POST',
    path: '/media/images/broadcaster_profile',
  }),
  startBannerUpload: routeOf<Images['startBroadcasterBannerUpload']>({
    method: 'POST',
    path: '/media/images/broadcaster_banner',
  }),
  bannerGallery: routeOf<Images['bannerGallery']>({ method: 'GET', path: '/node/images/background/broadcaster' }),
  chooseBannerFromGallery: routeOf<Images['chooseBannerFromGallery']>({
    method: 'POST',
    path: '/media/images/broadcaster_banner/from_gallery',
  }),
};
