import { articleContracts as c } from '@kerygma/domain/contracts/articles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Actor, guards, optionalSession } from '../accounts/guards.ts';
import type { ApiDeps } from '../app-deps.ts';
import { urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { API_KEY_HEADER, broadcasterForKey } from '../media/api-keys.ts';
import * as articles from './articles.service.ts';

/**
 * Articles (spec §7 Articles): public reads of published articles, and the writes of a
 * broadcaster's Admins and Uploaders (signed in, or the broadcaster's API key; §6).
 */
export async function articleRoutes(app: FastifyInstance, deps: ApiDeps) {
  const now = deps.now ?? Date.now;
  const ad: articles.ArticleDeps = { db: deps.db, media: deps.media, now, log: app.log };
  const { broadcasterKeyOrSession: writer } = guards({ db: deps.db, now });
  // Public, but an edit changes it at once: stored, and asked again each time (ETag).
  const fresh = (reply: FastifyReply) => reply.header('cache-control', 'public, no-cache');
  const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');
  /** An article shows on its page and its broadcaster's and speaker's articles tabs: those are refreshed at once. */
  const changed = <A extends { broadcasterID: string; speakerID: number | null }>(a: A): A => {
    deps.changes?.announce({ broadcasterIds: [a.broadcasterID], speakerIds: a.speakerID ? [a.speakerID] : [] });
    return a;
  };

  /** Who asks, when they say (a draft is shown to its writers): the key sent, else the session. */
  async function optionalActor(req: FastifyRequest): Promise<Actor | undefined> {
    const key = req.headers[API_KEY_HEADER];
    if (typeof key === 'string') {
      const broadcasterId = await broadcasterForKey(deps.db, key);
      return broadcasterId ? { kind: 'apiKey', broadcasterId } : undefined;
    }
    const session = await optionalSession({ db: deps.db, now }, req);
    return session && { kind: 'user', user: session.user };
  }

  route(app, c.articleConfig, () => articles.articleConfig());

  route(app, c.listArticles, ({ query }, _req, reply) => {
    fresh(reply);
    return articles.publishedArticles(ad, query);
  });

  route(app, c.articleCategories, (_input, _req, reply) => {
    fresh(reply);
    return articles.categories(ad);
  });

  route(app, c.articleCategory, ({ params }, _req, reply) => {
    fresh(reply);
    return articles.category(ad, params.categoryID);
  });

  route(app, c.getArticle, async ({ params }, req, reply) => {
    const article = await articles.articleById(ad, params.articleID, await optionalActor(req));
    if (article.draft) personal(reply);
    else fresh(reply);
    return article;
  });

  route(app, c.getArticleBySlug, ({ params }, _req, reply) => {
    fresh(reply);
    return articles.articleBySlug(ad, params.broadcasterID, params.slug);
  });

  route(
    app,
    c.broadcasterArticles,
    ({ auth, params, query }, _req, reply) => {
      personal(reply);
      return articles.broadcasterArticles(ad, auth, params.broadcasterID, query);
    },
    writer,
  );

  route(
    app,
    c.createArticle,
    async ({ auth, body: { broadcasterID, ...fields } }) =>
      changed(await articles.createArticle(ad, auth, broadcasterID, fields)),
    writer,
  );

  route(
    app,
    c.updateArticle,
    async ({ auth, params, body }) => {
      const { article, speakerBefore } = await articles.updateArticle(ad, auth, params.articleID, body);
      // Moved to another speaker: the one it leaves shows it no more.
      if (speakerBefore !== null && speakerBefore !== article.speakerID)
        deps.changes?.announce({ speakerIds: [speakerBefore] });
      return changed(article);
    },
    writer,
  );

  route(
    app,
    c.deleteArticle,
    async ({ auth, params }) => {
      changed(await articles.deleteArticle(ad, auth, params.articleID));
      return { ok: true as const };
    },
    writer,
  );

  route(app, c.previewArticle, ({ body }) => articles.preview(body.content), writer);

  route(
    app,
    c.startArticleBannerUpload,
    ({ auth, params }, req) => articles.startBannerUpload(ad, auth, params.articleID, urlsFor(deps.config, req).origin),
    writer,
  );

  route(
    app,
    c.deleteArticleBanner,
    async ({ auth, params }) => {
      changed(await articles.deleteBanner(ad, auth, params.articleID));
      return { ok: true as const };
    },
    writer,
  );
}
