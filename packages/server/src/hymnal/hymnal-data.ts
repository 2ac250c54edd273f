import { createHash } from 'node:crypto';
import { type HymnalData, loadHymnalData, type SongEntry } from '@kerygma/domain/hymnal-source';
import type { Db } from '../db/db.ts';

/**
 * Loads the hymnal and psalter (packages/domain/data, product content like the Bible books of
 * reference-data.ts) into their tables at every start, in one transaction. Idempotent: a row
 * is written only when its entry's digest changed (its content_hash), its updated_at (the
 * sitemaps' lastmod) moves only when its content did, rows no longer in the data are removed,
 * and view counts are kept.
 */
export async function ensureHymnalData(db: Db, data: HymnalData = loadHymnalData()): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertSongs(tx, 'hymn', data.hymns, [
      { column: 'tune_id', value: (h) => h.tuneID },
      { column: 'category', value: (h) => h.category },
    ]);
    await upsertSongs(tx, 'psalter_selection', data.psalms, [{ column: 'edition', value: (p) => p.edition }]);
    await tx.query(
      `INSERT INTO hymn_tune (tune_id, name, meter, meter_key, hymn_ids)
       SELECT t.id, t.name, t.meter, t.meter_key, string_to_array(t.hymns, ',')::integer[]
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS t(id, name, meter, meter_key, hymns)
       ON CONFLICT (tune_id) DO UPDATE
         SET name = EXCLUDED.name, meter = EXCLUDED.meter, meter_key = EXCLUDED.meter_key, hymn_ids = EXCLUDED.hymn_ids
       WHERE (hymn_tune.name, hymn_tune.meter, hymn_tune.meter_key, hymn_tune.hymn_ids)
             IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.meter, EXCLUDED.meter_key, EXCLUDED.hymn_ids)`,
      [
        data.tunes.map((t) => t.tuneID),
        data.tunes.map((t) => t.name),
        data.tunes.map((t) => t.meter),
        data.tunes.map((t) => t.meterKey),
        data.tunes.map((t) => t.hymnIDs.join(',')),
      ],
    );
    await tx.query('DELETE FROM hymn_tune WHERE NOT (tune_id = ANY($1::text[]))', [data.tunes.map((t) => t.tuneID)]);
  });
}

/** A text column of the table beyond the shared ones, and its value for an entry. */
type Extra<E> = { column: string; value: (entry: E) => string | null };

async function upsertSongs<E extends SongEntry<unknown, unknown>>(
  tx: Db,
  table: 'hymn' | 'psalter_selection',
  all: readonly E[],
  extra: Extra<E>[],
): Promise<void> {
  // Only entries whose digest differs from their row's are sent: computing a row's search
  // vector is most of the load's cost, and on a restart nothing has changed.
  const digest = (e: E) => createHash('sha256').update(JSON.stringify(e)).digest('base64url');
  const hashes = new Map(all.map((e) => [e.seq, digest(e)]));
  const rows = await tx.query<{ seq: number; content_hash: string | null }>(`SELECT seq, content_hash FROM ${table}`);
  const stored = new Map(rows.map((r) => [r.seq, r.content_hash]));
  const entries = all.filter((e) => stored.get(e.seq) !== hashes.get(e.seq));
  const shared = ['seq', 'id', 'number', 'sort_key', 'meter_key', 'summary', 'detail', 'search', 'search_names'];
  const columns = [...shared, ...extra.map((x) => x.column)];
  const extraParams = extra.map((_, i) => `$${13 + i}::text[]`);
  const extraNames = extra.map((x) => `x_${x.column}`);
  const content = columns.filter((c) => c !== 'seq');
  // updated_at, the sitemaps' lastmod, moves with a change of content, not with a new digest alone.
  if (entries.length)
    await tx.query(
      `INSERT INTO ${table} (${columns.join(', ')}, content_hash)
       SELECT seq, id, number, sort_key, meter_key, summary::jsonb, detail::jsonb,
              hymn_search_vector(s_title, s_names, s_topics, s_body), s_names${extraNames.map((n) => `, ${n}`).join('')}, hash
         FROM unnest($1::integer[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::text[], $7::text[],
                     $8::text[], $9::text[], $10::text[], $11::text[], $12::text[]${extraParams.map((p) => `, ${p}`).join('')})
           AS e(seq, id, number, sort_key, meter_key, summary, detail, s_title, s_names, s_topics, s_body, hash${extraNames.map((n) => `, ${n}`).join('')})
       ON CONFLICT (seq) DO UPDATE
         SET ${content.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, content_hash = EXCLUDED.content_hash,
             updated_at = CASE
               WHEN (${content.map((c) => `${table}.${c}`).join(', ')}) IS DISTINCT FROM (${content.map((c) => `EXCLUDED.${c}`).join(', ')})
               THEN now() ELSE ${table}.updated_at END`,
      [
        entries.map((e) => e.seq),
        entries.map((e) => e.id),
        entries.map((e) => e.number),
        entries.map((e) => e.sortKey),
        entries.map((e) => e.meterKey),
        entries.map((e) => JSON.stringify(e.summary)),
        entries.map((e) => JSON.stringify(e.detail)),
        entries.map((e) => e.searchTitle),
        entries.map((e) => e.searchNames),
        entries.map((e) => e.searchTopics),
        entries.map((e) => e.searchBody),
        entries.map((e) => hashes.get(e.seq)),
        ...extra.map((x) => entries.map(x.value)),
      ],
    );
  await tx.query(`DELETE FROM ${table} WHERE NOT (seq = ANY($1::integer[]))`, [all.map((e) => e.seq)]);
}
