import type { Db } from '../db/db.ts';

/** A broadcaster's editable settings as stored; the solo site's times in epoch seconds. */
export type SettingsRow = {
  broadcaster_id: string;
  display_name: string;
  short_name: string;
  location: string;
  country: string;
  country_iso_code: string;
  state: string | null;
  church_size: number | null;
  minister: string;
  denomination: string;
  about_us: string;
  address: string;
  address_mail: string;
  phone: string;
  listen_line_number: string | null;
  home_page_url: string | null;
  bible_version: string | null;
  language_code: string;
  latitude: number | null;
  longitude: number | null;
  service_times: string;
  service_times_list: string[];
  categories: number;
  vacant_pulpit: boolean;
  welcome_video_id: string | null;
  facebook_username: string | null;
  twitter_username: string | null;
  social_links: Record<string, string>;
  contact_email: string | null;
  solo_site_disabled: boolean;
  auto_transcripts: boolean;
  solo_id: number | null;
  solo_domain: string | null;
  solo_status: 'pending' | 'active' | 'disabled' | null;
  solo_created: number | null;
  solo_updated: number | null;
};

/** The columns PATCH may set, by the contract's field name. */
export const SETTING_COLUMNS = {
  displayName: 'display_name',
  shortName: 'short_name',
  location: 'location',
  country: 'country',
  countryISOCode: 'country_iso_code',
  state: 'state',
  churchSize: 'church_size',
  minister: 'minister',
  denomination: 'denomination',
  aboutUs: 'about_us',
  address: 'address',
  addressMail: 'address_mail',
  phone: 'phone',
  listenLineNumber: 'listen_line_number',
  homePageURL: 'home_page_url',
  bibleVersion: 'bible_version',
  languageCode: 'language_code',
  latitude: 'latitude',
  longitude: 'longitude',
  serviceTimes: 'service_times',
  serviceTimesList: 'service_times_list',
  categories: 'categories',
  vacantPulpit: 'vacant_pulpit',
  welcomeVideoID: 'welcome_video_id',
  facebookUsername: 'facebook_username',
  twitterUsername: 'twitter_username',
  socialLinks: 'social_links',
  contactEmail: 'contact_email',
  soloSiteDisabled: 'solo_site_disabled',
  autoTranscripts: 'auto_transcripts',
} as const;
export type SettingField = keyof typeof SETTING_COLUMNS;
const JSON_COLUMNS = new Set<string>(['service_times_list', 'social_links']);

export async function broadcasterExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM broadcaster WHERE broadcaster_id = $1) AS found',
    [id],
  );
  return row?.found ?? false;
}

export async function settingsOf(db: Db, id: string): Promise<SettingsRow | undefined> {
  const [row] = await db.query<SettingsRow>(
    `SELECT b.broadcaster_id, b.display_name, b.short_name, b.location, b.country, b.country_iso_code, b.state,
            b.church_size, b.minister, b.denomination, b.about_us, b.address, b.address_mail, b.phone,
            b.listen_line_number, b.home_page_url, b.bible_version, b.language_code, b.latitude, b.longitude,
            b.service_times, b.service_times_list, b.categories, b.vacant_pulpit, b.welcome_video_id,
            b.facebook_username, b.twitter_username, b.social_links, b.contact_email, b.solo_site_disabled,
            b.auto_transcripts,
            s.solo_id::int4 AS solo_id, s.domain AS solo_domain, s.status AS solo_status,
            extract(epoch FROM s.create_date)::int8 AS solo_created, extract(epoch FROM s.update_date)::int8 AS solo_updated
       FROM broadcaster b LEFT JOIN solo_site s USING (broadcaster_id)
      WHERE b.broadcaster_id = $1`,
    [id],
  );
  return row;
}

/** Sets the given columns (names from SETTING_COLUMNS only) and the row's update time. */
export async function updateSettings(
  db: Db,
  id: string,
  values: Partial<Record<SettingField, unknown>>,
): Promise<void> {
  const sets: string[] = ['updated_at = now()'];
  const args: unknown[] = [id];
  for (const [field, value] of Object.entries(values) as [SettingField, unknown][]) {
    const column = SETTING_COLUMNS[field];
    args.push(JSON_COLUMNS.has(column) ? JSON.stringify(value) : value);
    sets.push(`${column} = $${args.length}${JSON_COLUMNS.has(column) ? '::jsonb' : ''}`);
  }
  await db.query(`UPDATE broadcaster SET ${sets.join(', ')} WHERE broadcaster_id = $1`, args);
}

/** Sets the solo site's domain (pending again when it changes). */
export async function setSoloDomain(db: Db, id: string, domain: string): Promise<void> {
  await db.query(
    `INSERT INTO solo_site (broadcaster_id, domain) VALUES ($1, $2)
     ON CONFLICT (broadcaster_id) DO UPDATE
       SET domain = EXCLUDED.domain, update_date = now(),
           status = CASE WHEN solo_site.domain = EXCLUDED.domain THEN solo_site.status ELSE 'pending' END`,
    [id, domain],
  );
}

export async function soloDomainTaken(db: Db, id: string, domain: string): Promise<boolean> {
  const [row] = await db.query<{ taken: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM solo_site WHERE domain = $2 AND broadcaster_id <> $1) AS taken',
    [id, domain],
  );
  return row?.taken ?? false;
}

export async function removeSoloSite(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM solo_site WHERE broadcaster_id = $1', [id]);
}

export type EmailSettingsRow = {
  comment_notifications: boolean;
  message_notifications: boolean;
  media_notifications: boolean;
  weekly_stats: boolean;
};

/** The broadcaster's e-mail settings (the defaults when it has set none). */
export async function emailSettingsOf(db: Db, id: string): Promise<EmailSettingsRow> {
  const [row] = await db.query<EmailSettingsRow>(
    `SELECT coalesce(e.comment_notifications, true) AS comment_notifications,
            coalesce(e.message_notifications, true) AS message_notifications,
            coalesce(e.media_notifications, true) AS media_notifications,
            coalesce(e.weekly_stats, false) AS weekly_stats
       FROM (SELECT $1::text AS broadcaster_id) b LEFT JOIN broadcaster_email_settings e USING (broadcaster_id)`,
    [id],
  );
  return row as EmailSettingsRow;
}

export async function saveEmailSettings(db: Db, id: string, s: EmailSettingsRow): Promise<void> {
  await db.query(
    `INSERT INTO broadcaster_email_settings (broadcaster_id, comment_notifications, message_notifications,
       media_notifications, weekly_stats) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (broadcaster_id) DO UPDATE SET comment_notifications = $2, message_notifications = $3,
       media_notifications = $4, weekly_stats = $5`,
    [id, s.comment_notifications, s.message_notifications, s.media_notifications, s.weekly_stats],
  );
}

export type PodcastSettingsRow = {
  podroll: { url: string; title: string }[];
  podcast_txt: { purpose: string; value: string }[];
  podcast_locked: boolean;
};

export async function podcastSettingsOf(db: Db, id: string): Promise<PodcastSettingsRow | undefined> {
  const [row] = await db.query<PodcastSettingsRow>(
    'SELECT podroll, podcast_txt, podcast_locked FROM broadcaster WHERE broadcaster_id = $1',
    [id],
  );
  return row;
}

export async function savePodcastSettings(db: Db, id: string, s: PodcastSettingsRow): Promise<void> {
  await db.query(
    `UPDATE broadcaster SET podroll = $2::jsonb, podcast_txt = $3::jsonb, podcast_locked = $4, updated_at = now()
      WHERE broadcaster_id = $1`,
    [id, JSON.stringify(s.podroll), JSON.stringify(s.podcast_txt), s.podcast_locked],
  );
}

export type DonationRow = { donatable: boolean; donation_options: { label: string; url: string }[] };

export async function donationsOf(db: Db, id: string): Promise<DonationRow | undefined> {
  const [row] = await db.query<DonationRow>(
    'SELECT donatable, donation_options FROM broadcaster WHERE broadcaster_id = $1',
    [id],
  );
  return row;
}

export async function saveDonations(db: Db, id: string, d: DonationRow): Promise<void> {
  await db.query(
    'UPDATE broadcaster SET donatable = $2, donation_options = $3::jsonb, updated_at = now() WHERE broadcaster_id = $1',
    [id, d.donatable, JSON.stringify(d.donation_options)],
  );
}

export type KeyInfoRow = { last_four: string | null; created: number };

/** The broadcaster's newest API key's info, or undefined when it has none. */
export async function keyInfoOf(db: Db, id: string): Promise<KeyInfoRow | undefined> {
  const [row] = await db.query<KeyInfoRow>(
    `SELECT last_four, extract(epoch FROM created_at)::int8 AS created FROM broadcaster_api_key
      WHERE broadcaster_id = $1 ORDER BY created_at DESC LIMIT 1`,
    [id],
  );
  return row;
}

export async function deleteApiKeys(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM broadcaster_api_key WHERE broadcaster_id = $1', [id]);
}

export async function sermonOfBroadcaster(db: Db, id: string, sermonId: string): Promise<boolean> {
  const [row] = await db.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM sermon WHERE sermon_id = $2 AND broadcaster_id = $1) AS found',
    [id, sermonId],
  );
  return row?.found ?? false;
}

export type HighlightedInput = {
  sortOrder: string | null;
  sortTitle: string | null;
  audioTitle: string | null;
  sermonId: string | null;
};

export async function saveHighlighted(db: Db, id: string, h: HighlightedInput): Promise<void> {
  await db.query(
    `INSERT INTO broadcaster_highlighted_sermons (broadcaster_id, sort_order, sort_title, audio_title, sermon_id)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (broadcaster_id) DO UPDATE SET sort_order = $2, sort_title = $3, audio_title = $4, sermon_id = $5`,
    [id, h.sortOrder, h.sortTitle, h.audioTitle, h.sermonId],
  );
}
