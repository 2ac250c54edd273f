import { devotionalEntry } from '@kerygma/domain/devotional-text';
import { type ArticleFields, insertArticle } from '../articles/articles.service.ts';
import type { Db } from '../db/db.ts';
import { DEMO_ANCHOR, type DemoCatalogue } from './demo-catalogue.ts';

/** The broadcaster the demo articles are published by: the one whose primary speaker is Spurgeon. */
export const DEMO_ARTICLES_BROADCASTER = 'puritanaudio';

/**
 * The demo articles: the first reading of each month of Spurgeon's *Faith's Checkbook* (1888,
 * public domain; data/devotional/faiths-checkbook, see its SOURCE.md), as its text stands,
 * published by the demo's historic broadcaster under Spurgeon's name, dated on the reading's
 * day of the demo's year. Nothing is written for them but the markdown around the text.
 */
export function demoArticles(catalogue: DemoCatalogue): ArticleFields[] {
  const spurgeon = catalogue.speakers.find((s) => s.displayName === 'Charles H. Spurgeon')?.speakerId ?? null;
  const year = Number(DEMO_ANCHOR.slice(0, 4));
  const articles: ArticleFields[] = [];
  for (let month = 1; month <= 12; month++) {
    const entry = devotionalEntry('checkbook', month, 1);
    if (!entry?.title) continue;
    const verse = entry.verse && entry.reference ? `> ${entry.verse}\n>\n> ${entry.reference}\n\n` : '';
    articles.push({
      title: entry.title,
      content: `${verse}${entry.paragraphs.map((p) => p.replace(/\n/g, '  \n')).join('\n\n')}\n`,
      articleDate: `${year}-${String(month).padStart(2, '0')}-01`,
      draft: false,
      categoryID: 'devotional',
      speakerID: spurgeon,
    });
  }
  return articles;
}

/** Writes the demo articles (inside the seed's transaction); how many. */
export async function insertDemoArticles(tx: Db, catalogue: DemoCatalogue): Promise<number> {
  if (!catalogue.broadcasters.some((b) => b.broadcasterId === DEMO_ARTICLES_BROADCASTER)) return 0;
  const articles = demoArticles(catalogue);
  const now = Date.parse(DEMO_ANCHOR);
  for (const article of articles) await insertArticle(tx, DEMO_ARTICLES_BROADCASTER, article, now);
  return articles.length;
}
