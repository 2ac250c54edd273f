import { entityCache } from '../packages/server/src/catalogue/entity-cache.ts';
import { openPostgres } from '../packages/server/src/db/postgres.ts';
import { search } from '../packages/server/src/search/search.service.ts';
const db = openPostgres('postgres://postgres@127.0.0.1:5432/kerygma_bench', 4);
const origin = 'http://b.test';
const ctx = { urls: { origin }, requestUrl: new URL(origin + '/x'), languageCode: 'en', entities: entityCache(db) };
for (const query of process.argv.slice(2)) {
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const r = await search(db, { query, page: 1, pageSize: 20, lite: true, liteBroadcaster: true, sortBy: 'relevance' } as never, ctx);
    console.log(query, (performance.now() - t).toFixed(1), 'ms', r.totalCount, r.passage?.reference ?? '-', r.didYouMean);
  }
}
await db.close();
