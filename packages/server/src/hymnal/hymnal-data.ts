import { type HymnalData, loadHymnalData, type SongEntry } from '@kerygma/domain/hymnal-source';
import type { Db } from '../db/db.ts';

/**
 * Loads the hymnal and psalter (packages/domain/data, product content like the Bible books of
 * reference-data.ts) into their tables at every start, in one transaction. Idempotent: a row
 * is written only when its content changed (then its updated_at, the sitemaps' lastmod, moves),
 * rows no longer in the data are removed, and view counts are kept.
 */
export async function ensureHymnalData(db: Db, data: HymnalData = loadHymnalData()): Promise<void> {
  await db.transaction(async (tx) => {
    await upsertSongs(tx, 'hymn', data.hymns, {
      columns: ['tune_id', 'category'],
      values: [data.hymns.map((h) => h.tuneID), data.hymns.map((h) => h.category)],
    });
    await upsertSongs(tx, 'psalter_selection', data.psalms, {
      columns: ['edition'],
      values: [data.psalms.map((p) => p.edition)],
    });
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

/** The table's own text columns beyond the shared ones, with one value per entry. */
type Extra = { columns: string[]; values: (string | null)[][] };

async function upsertSongs(
  tx: Db,
  table: 'hymn' | 'psalter_selection',
  entries: readonly SongEntry<unknown, unknown>[],
  extra: Extra,
): Promise<void> {
  const shared = ['seq', 'id', 'number', 'sort_key', 'meter_key', 'summary', 'detail', 'search', 'search_names'];
  const columns = [...shared, ...extra.columns];
  const extraParams = extra.columns.map((_, i) => `$${12 + i}::text[]`);
  const extraNames = extra.columns.map((c) => `x_${c}`);
  const changed = columns.filter((c) => c !== 'seq');
  await tx.query(
    `INSERT INTO ${table} (${columns.join(', ')})
     SELECT seq, id, number, sort_key, meter_key, summary::jsonb, detail::jsonb,
            hymn_search_vector(s_title, s_names, s_topics, s_body), s_names${extraNames.map((n) => `, ${n}`).join('')}
       FROM unnest($1::integer[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::text[], $7::text[],
                   $8::text[], $9::text[], $10::text[], $11::text[]${extraParams.map((p) => `, ${p}`).join('')})
         AS e(seq, id, number, sort_key, meter_key, summary, detail, s_title, s_names, s_topics, s_body${extraNames.map((n) => `, ${n}`).join('')})
     ON CONFLICT (seq) DO UPDATE
       SET ${changed.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}, updated_at = now()
     WHERE (${changed.map((c) => `${table}.${c}`).join(', ')})
           IS DISTINCT FROM (${changed.map((c) => `EXCLUDED.${c}`).join(', ')})`,
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
      ...extra.values,
    ],
  );
  await tx.query(`DELETE FROM ${table} WHERE NOT (seq = ANY($1::integer[]))`, [entries.map((e) => e.seq)]);
}
