import { bookByOsis, parseBibleText } from '@kerygma/domain/bible';
import { passage } from '@kerygma/domain/bible-text';
import { discoverContracts as c } from '@kerygma/domain/contracts/discover';
import { resolveBook } from '@kerygma/domain/paratext';
import type { FastifyInstance } from 'fastify';
import type { ApiDeps } from '../app-deps.ts';
import { broadcasterList } from '../broadcasters/broadcasters.service.ts';
import { listResponse } from '../catalogue/paging.ts';
import { invalid, notFound } from '../errors.ts';
import { requestUrl, urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { bibleBooks } from '../reference/reference.service.ts';
import { seriesList } from '../series/series.service.ts';
import { speakerList, speakerListText } from '../speakers/speakers.service.ts';
import { broadcasterLocations, groups, hashtagCount, hashtags, topics } from './discover.queries.ts';

/** Discovery endpoints (spec §7 "Discovery"). */
export function discoverRoutes(app: FastifyInstance, { db, config, stats }: ApiDeps) {
  route(app, c.discoverBroadcasters, ({ query }, req) => {
    const urls = urlsFor(config, req);
    return broadcasterList(db, query, urls, requestUrl(urls, req), 'discover_broadcasters');
  });

  route(app, c.broadcasterLocations, async (_input, _req, reply) => {
    const rows = await broadcasterLocations(db);
    const results = rows.map((r) => ({
      broadcasterID: String(r.broadcaster_id),
      displayName: String(r.display_name),
      shortName: String(r.short_name),
      location: String(r.location),
      countryISOCode: r.country_iso_code ? String(r.country_iso_code) : null,
      state: r.state ? String(r.state) : null,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      categories: Number(r.categories),
    }));
    reply.header('cache-control', 'public, max-age=300');
    return listResponse('broadcaster_locations', 'Broadcaster Locations', results, results.length, null);
  });

  route(app, c.discoverSeries, ({ query }, req) => {
    const urls = urlsFor(config, req);
    return seriesList(db, query, undefined, urls, requestUrl(urls, req), 'discover_series');
  });

  route(app, c.discoverSpeakers, ({ query }, req) => {
    const urls = urlsFor(config, req);
    return speakerList(db, query, urls, requestUrl(urls, req), 'discover_speakers');
  });

  route(app, c.speakerNames, (_input, _req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return speakerListText(db);
  });

  route(app, c.bibleStructure, (_input, _req, reply) => {
    reply.header('cache-control', 'public, max-age=86400');
    const results = bibleBooks();
    return listResponse('bible_structure', 'Bible', results, results.length, null);
  });

  route(app, c.bibleText, ({ query: q }) => {
    let found = null;
    if (q.reference) {
      const [ref] = parseBibleText(q.reference);
      if (ref)
        found = passage(
          ref.osisAbbrev,
          ref.chapter,
          ref.verseStart ?? undefined,
          ref.chapterEnd,
          ref.verseEnd ?? undefined,
        );
    } else if (q.book && q.chapter) {
      const book = resolveBook(q.book);
      if (!book) throw invalid({ book: { key: 'error.unknownBook', params: { book: q.book } } });
      found = passage(
        book.book.osisAbbrev,
        q.chapter,
        q.verse,
        q.chapterEnd,
        q.verseEnd ?? (q.verse && !q.chapterEnd ? q.verse : undefined),
      );
    } else {
      throw invalid({
        reference: {
          key: 'error.invalidParameter',
          params: { name: 'reference', detail: 'reference or book and chapter' },
        },
      });
    }
    if (!found) throw notFound('error.notFound');
    return {
      bibleVersion: 'KJV',
      reference: found.reference,
      displayBookName: bookByOsis(found.verses[0]?.book ?? '')?.name ?? null,
      truncated: found.truncated,
      verses: found.verses,
    };
  });

  route(app, c.hashtags, async ({ query: q }, req) => {
    const size = q.size ?? q.pageSize;
    const [rows, total] = await Promise.all([hashtags(db, size, (q.page - 1) * size), hashtagCount(db)]);
    const results = rows.map((r) => ({
      hashtag: String(r.hashtag),
      displayHashtag: String(r.display),
      sermonCount: Number(r.sermon_count),
    }));
    const urls = urlsFor(config, req);
    const more = q.page * size < total;
    const next = more ? new URL(requestUrl(urls, req)) : null;
    next?.searchParams.set('page', String(q.page + 1));
    return listResponse('hashtags', 'Hashtags', results, total, next ? next.toString() : null);
  });

  route(app, c.topics, async () => {
    const results = (await topics(db)).map((r) => ({
      topicID: Number(r.topic_id),
      name: String(r.name),
      description: String(r.description),
      sermonCount: Number(r.sermon_count),
    }));
    return listResponse('topics', 'Topics', results, results.length, null);
  });

  route(app, c.catalogueStats, async () => {
    const s = await stats.get();
    return { english: s.englishCount, seconds: s.totalSeconds, sermonCount: s.sermonCount };
  });

  const groupList = async () => {
    const results = (await groups(db)).map((g) => ({ group: g.group_name, broadcasterCount: g.n }));
    return listResponse('broadcaster_groups', 'Groups', results, results.length, null);
  };
  route(app, c.groups, groupList);
  route(app, c.legacyGroups, groupList);
}
