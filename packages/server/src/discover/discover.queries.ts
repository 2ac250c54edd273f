import type { BroadcasterRow } from '../catalogue/rows.ts';
import type { Db } from '../db/db.ts';

export type BroadcasterLocationRow = Pick<
  BroadcasterRow,
  'broadcaster_id' | 'display_name' | 'short_name' | 'location' | 'country_iso_code' | 'state' | 'categories'
> & { latitude: number; longitude: number };

export function broadcasterLocations(db: Db): Promise<BroadcasterLocationRow[]> {
  return db.query<BroadcasterLocationRow>(
    `SELECT broadcaster_id, display_name, short_name, location, country_iso_code, state, latitude, longitude, categories
       FROM broadcaster WHERE NOT disabled AND latitude IS NOT NULL AND longitude IS NOT NULL ORDER BY broadcaster_id`,
  );
}

export type HashtagRow = { hashtag: string; display: string; sermon_count: number };

export function hashtags(db: Db, limit: number, offset: number): Promise<HashtagRow[]> {
  return db.query<HashtagRow>(
    'SELECT hashtag, display, sermon_count FROM hashtag WHERE sermon_count > 0 ORDER BY sermon_count DESC, hashtag LIMIT $1 OFFSET $2',
    [limit, offset],
  );
}

export async function hashtagCount(db: Db): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int n FROM hashtag WHERE sermon_count > 0');
  return row?.n ?? 0;
}

/** Topics with how many published sermons each has (kept by refreshCatalogueCounts). */
export type TopicRow = { topic_id: number; name: string; description: string; sermon_count: number };

export function topics(db: Db): Promise<TopicRow[]> {
  return db.query<TopicRow>('SELECT topic_id, name, description, sermon_count FROM topic ORDER BY name', [], {
    prepare: true,
  });
}

/** Broadcaster groups (the legacy group field) with how many broadcasters each has. */
export function groups(db: Db): Promise<{ group_name: string; n: number }[]> {
  return db.query(
    `SELECT group_name, count(*)::int n FROM broadcaster
      WHERE group_name IS NOT NULL AND NOT disabled GROUP BY group_name ORDER BY group_name`,
  );
}
