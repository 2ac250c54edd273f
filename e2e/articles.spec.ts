import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';

/**
 * Articles on the public site: the demo broadcaster's articles tab lists its published articles
 * (the seed's readings of Faith's Checkbook, by Spurgeon), an article's page shows its text as
 * the server rendered it, and its print view shows the text alone.
 */

type Summary = { title: string; slug: string; broadcasterID: string; articleDate: string };

test("a demo article: on the broadcaster's articles tab, its page and its print view", async ({ page, request }) => {
  const listed = await request.get('/api/v2/node/articles?broadcasterID=puritanaudio&sort=oldest');
  const { results, totalCount } = (await listed.json()) as { results: Summary[]; totalCount: number };
  expect(totalCount).toBe(12);
  const first = results[0] as Summary;

  const tab = await page.goto('/broadcasters/puritanaudio/articles');
  expect(tab?.status()).toBe(200);
  const list = page.getByRole('list', { name: 'Articles' });
  await expect(list.getByRole('listitem')).toHaveCount(12);
  // Newest first: the first of the year is last.
  const item = list.getByRole('listitem').last();
  await expect(item.locator('.meta')).toContainText('By Charles H. Spurgeon');
  await expect(item.locator('.meta')).toContainText('Devotional');
  await expect(item.locator('.summary')).not.toBeEmpty();
  await expectNoAxeViolations(page, { label: 'articles tab' });

  await item.getByRole('link', { name: first.title }).click();
  await expect(page).toHaveURL(`/article/puritanaudio/${first.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
  await expect(page).toHaveTitle(`${first.title} · Puritan Classics Audio Library · Kerygma`);
  const body = page.locator('article .body');
  await expect(body.locator('blockquote')).toHaveCount(1);
  expect(await body.locator('p').count()).toBeGreaterThan(2);
  await expect(page.getByRole('link', { name: 'By Charles H. Spurgeon' })).toHaveAttribute('href', /^\/speakers\/\d+$/);
  await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
    'href',
    new RegExp(`/article/puritanaudio/${first.slug}$`),
  );
  await expectNoAxeViolations(page, { label: 'article' });

  await page.getByRole('link', { name: 'Print view' }).click();
  await expect(page).toHaveURL(`/article/puritanaudio/${first.slug}/print`);
  await expect(page.locator('html')).toHaveAttribute('data-layout', 'standalone-modal');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
  await expect(page.locator('article .body blockquote')).toHaveCount(1);
  await expect(page.locator('.print-footer')).toContainText(`Printed from http://127.0.0.1:`);
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', /noindex/);

  // The address without the broadcaster leads to the article; an unknown one is a 404.
  await page.goto(`/article/${first.slug}`);
  await expect(page).toHaveURL(`/article/puritanaudio/${first.slug}`);
  const missing = await page.goto('/article/puritanaudio/no-such-article');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Article not found');
});

test("the speaker's articles tab lists the articles by the speaker", async ({ page, request }) => {
  const first = (
    (await (await request.get('/api/v2/node/articles?broadcasterID=puritanaudio')).json()) as {
      results: (Summary & { speakerID: number })[];
    }
  ).results[0];
  await page.goto(`/speakers/${first?.speakerID}/articles`);
  const list = page.getByRole('list', { name: 'Articles' });
  await expect(list.getByRole('listitem').first()).toContainText('From Puritan Classics Audio Library');
  await expect(list.getByRole('link', { name: first?.title })).toBeVisible();
});
