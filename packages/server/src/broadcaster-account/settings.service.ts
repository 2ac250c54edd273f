import type {
  BroadcasterSettings,
  DonationSettings,
  EmailSettings,
  PodcastSettings,
  updateBroadcasterBody,
  updateHighlightedBody,
} from '@kerygma/domain/contracts/broadcaster-account';
import type { z } from 'zod';
import { createApiKey } from '../media/api-keys.ts';
import { resetStreamKey } from '../webcasts/webcasts.queries.ts';
import { type AccountDeps, refuse, requireBroadcaster } from './account-deps.ts';
import * as q from './settings.queries.ts';

/**
 * The broadcaster's settings (spec §3 Broadcaster, solo site; §7 PATCH node/broadcasters/{id},
 * private_data): the profile, the contact e-mail, the solo site, e-mail, podcast and donation
 * settings,
 * the API key and the highlighted sermons. The routes' guards have checked the role.
 */

type Db = AccountDeps['db'];

function settingsView(r: q.SettingsRow): BroadcasterSettings {
  return {
    broadcasterID: r.broadcaster_id,
    displayName: r.display_name,
    shortName: r.short_name,
    location: r.location,
    country: r.country,
    countryISOCode: r.country_iso_code,
    state: r.state,
    churchSize: r.church_size,
    minister: r.minister,
    denomination: r.denomination,
    aboutUs: r.about_us,
    address: r.address,
    addressMail: r.address_mail,
    phone: r.phone,
    listenLineNumber: r.listen_line_number,
    homePageURL: r.home_page_url,
    bibleVersion: r.bible_version,
    languageCode: r.language_code,
    latitude: r.latitude,
    longitude: r.longitude,
    serviceTimes: r.service_times,
    serviceTimesList: r.service_times_list,
    categories: r.categories,
    vacantPulpit: r.vacant_pulpit,
    welcomeVideoID: r.welcome_video_id,
    facebookUsername: r.facebook_username,
    twitterUsername: r.twitter_username,
    socialLinks: r.social_links,
    contactEmail: r.contact_email,
    soloSiteDisabled: r.solo_site_disabled,
    soloSite:
      r.solo_id === null
        ? null
        : {
            solo_id: r.solo_id,
            domain: r.solo_domain ?? '',
            status: r.solo_status ?? 'pending',
            create_date: r.solo_created ?? 0,
            update_date: r.solo_updated ?? 0,
          },
    autoTranscripts: r.auto_transcripts,
  };
}

export async function settings(db: Db, id: string): Promise<BroadcasterSettings> {
  const row = await q.settingsOf(db, await requireBroadcaster(db, id));
  if (!row) throw refuse(404, 'not_found', 'broadcasterNotFound');
  return settingsView(row);
}

export async function updateSettings(
  db: Db,
  id: string,
  input: z.output<typeof updateBroadcasterBody>,
): Promise<BroadcasterSettings> {
  const key = await requireBroadcaster(db, id);
  const { soloSiteDomain, resetStreamToken, ...fields } = input;
  await db.transaction(async (tx) => {
    if (resetStreamToken) await resetStreamKey(tx, key);
    if (Object.keys(fields).length > 0) await q.updateSettings(tx, key, fields);
    if (soloSiteDomain === null) await q.removeSoloSite(tx, key);
    else if (soloSiteDomain !== undefined) {
      if (await q.soloDomainTaken(tx, key, soloSiteDomain)) throw refuse(409, 'domain_taken', 'soloDomainTaken');
      await q.setSoloDomain(tx, key, soloSiteDomain);
    }
  });
  return settings(db, key);
}

const emailView = (r: q.EmailSettingsRow): EmailSettings => ({
  commentNotifications: r.comment_notifications,
  messageNotifications: r.message_notifications,
  mediaNotifications: r.media_notifications,
  weeklyStats: r.weekly_stats,
});

export async function emailSettings(db: Db, id: string): Promise<EmailSettings> {
  return emailView(await q.emailSettingsOf(db, await requireBroadcaster(db, id)));
}

export async function updateEmailSettings(db: Db, id: string, input: Partial<EmailSettings>): Promise<EmailSettings> {
  const key = await requireBroadcaster(db, id);
  return db.transaction(async (tx) => {
    const next = { ...emailView(await q.emailSettingsOf(tx, key)), ...input };
    await q.saveEmailSettings(tx, key, {
      comment_notifications: next.commentNotifications,
      message_notifications: next.messageNotifications,
      media_notifications: next.mediaNotifications,
      weekly_stats: next.weeklyStats,
    });
    return next;
  });
}

const podcastView = (r: q.PodcastSettingsRow): PodcastSettings => ({
  podroll: r.podroll,
  txt: r.podcast_txt,
  locked: r.podcast_locked,
});

export async function podcastSettings(db: Db, id: string): Promise<PodcastSettings> {
  const row = await q.podcastSettingsOf(db, await requireBroadcaster(db, id));
  if (!row) throw refuse(404, 'not_found', 'broadcasterNotFound');
  return podcastView(row);
}

export async function updatePodcastSettings(
  db: Db,
  id: string,
  input: Partial<PodcastSettings>,
): Promise<PodcastSettings> {
  const key = await requireBroadcaster(db, id);
  return db.transaction(async (tx) => {
    const row = await q.podcastSettingsOf(tx, key);
    if (!row) throw refuse(404, 'not_found', 'broadcasterNotFound');
    const next = { ...podcastView(row), ...input };
    await q.savePodcastSettings(tx, key, { podroll: next.podroll, podcast_txt: next.txt, podcast_locked: next.locked });
    return next;
  });
}

export async function donations(db: Db, id: string): Promise<DonationSettings> {
  const row = await q.donationsOf(db, await requireBroadcaster(db, id));
  return { donatable: row?.donatable ?? false, donationOptions: row?.donation_options ?? [] };
}

export async function saveDonations(db: Db, id: string, input: DonationSettings): Promise<DonationSettings> {
  const key = await requireBroadcaster(db, id);
  await db.transaction((tx) =>
    q.saveDonations(tx, key, { donatable: input.donatable, donation_options: input.donationOptions }),
  );
  return donations(db, key);
}

export async function keyInfo(db: Db, id: string) {
  const row = await q.keyInfoOf(db, await requireBroadcaster(db, id));
  return { exists: row !== undefined, lastFour: row?.last_four ?? null, created: row?.created ?? null };
}

/** A new key, answered once; the broadcaster's other keys stop working in the same transaction. */
export async function regenerateApiKey(db: Db, id: string) {
  const key = await requireBroadcaster(db, id);
  const apiKey = await db.transaction(async (tx) => {
    await q.deleteApiKeys(tx, key);
    return createApiKey(tx, key, 'dashboard');
  });
  return { apiKey, keyInfo: await keyInfo(db, key) };
}

/** Saves the highlighted sermons; the sermon must be the broadcaster's own (404 otherwise). */
export async function saveHighlighted(
  db: Db,
  id: string,
  input: z.output<typeof updateHighlightedBody>,
): Promise<string> {
  const key = await requireBroadcaster(db, id);
  if (input.audioSermonID !== null && !(await q.sermonOfBroadcaster(db, key, input.audioSermonID)))
    throw refuse(404, 'not_found', 'sermonNotOwned');
  await db.transaction((tx) =>
    q.saveHighlighted(tx, key, {
      sortOrder: input.sortOrder,
      sortTitle: input.sortTitle || null,
      audioTitle: input.audioTitle || null,
      sermonId: input.audioSermonID,
    }),
  );
  return key;
}
