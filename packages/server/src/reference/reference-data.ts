import { BIBLE_BOOKS } from '@kerygma/domain/bible';
import { EVENT_TYPES } from '@kerygma/domain/event-types';
import { SERMON_LANGUAGES } from '@kerygma/domain/languages';
import type { Db } from '../db/db.ts';

/**
 * Upserts the reference tables (languages, event types, Bible books) from the domain package,
 * so code and database never disagree. Idempotent; runs at every start in one transaction.
 */
export async function ensureReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO language (language_code, name, localized_name, iso639_3)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
       ON CONFLICT (language_code) DO UPDATE
         SET name = EXCLUDED.name, localized_name = EXCLUDED.localized_name, iso639_3 = EXCLUDED.iso639_3`,
      [
        SERMON_LANGUAGES.map((l) => l.languageCode),
        SERMON_LANGUAGES.map((l) => l.name),
        SERMON_LANGUAGES.map((l) => l.localizedName),
        SERMON_LANGUAGES.map((l) => l.iso639_3),
      ],
    );
    await tx.query(
      `INSERT INTO event_type (description, display_name, sort_order)
       SELECT d, d, o::int FROM unnest($1::text[]) WITH ORDINALITY AS t(d, o)
       ON CONFLICT (description) DO UPDATE SET sort_order = EXCLUDED.sort_order`,
      [EVENT_TYPES],
    );
    await tx.query(
      `INSERT INTO bible_book (book_index, osis_abbrev, name, testament, verses)
       SELECT (o - 1)::smallint, a, n, t, string_to_array(v, ',')::smallint[]
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS x(a, n, t, v, o)
       ON CONFLICT (book_index) DO UPDATE
         SET osis_abbrev = EXCLUDED.osis_abbrev, name = EXCLUDED.name, verses = EXCLUDED.verses`,
      [
        BIBLE_BOOKS.map((b) => b.osisAbbrev),
        BIBLE_BOOKS.map((b) => b.name),
        BIBLE_BOOKS.map((b) => b.testament),
        BIBLE_BOOKS.map((b) => b.verses.join(',')),
      ],
    );
  });
}
