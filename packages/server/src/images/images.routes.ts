import { imageContracts as c } from '@kerygma/domain/contracts/images';
import { IMAGE_SHAPES, type ImageKind } from '@kerygma/domain/images';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Actor, guards, type RoleName, requireRole } from '../accounts/guards.ts';
import type { ApiDeps } from '../app-deps.ts';
import type { CatalogueChange } from '../catalogue/catalogue-changes.ts';
import { notFound } from '../errors.ts';
import { messageTranslator } from '../http/messages.ts';
import { urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { bannerGallery, galleryBanner } from './banner-gallery.ts';
import { imageUrlsOf, resizablePath } from './image-urls.ts';
import * as q from './images.queries.ts';
import { type ImageDeps, receiveImageUpload, setStockImage, startImageUpload } from './images.service.ts';

/**
 * The picture upload calls (spec §7): a slot for a broadcaster's profile picture or banner
 * (its Admins), a speaker's portrait or a series' artwork (Uploaders), and the slots' bytes;
 * the banner gallery (banner-gallery.ts), and a background from it as a broadcaster's banner.
 */
export async function imageRoutes(app: FastifyInstance, deps: ApiDeps) {
  const now = deps.now ?? Date.now;
  const images: ImageDeps = { db: deps.db, media: deps.media, now, log: app.log };
  const { broadcasterKeyOrSession } = guards({ db: deps.db, now });
  const origin = (req: FastifyRequest) => urlsFor(deps.config, req).origin;

  /** A slot for the owner's picture once the actor holds `role` on the owner's broadcaster. */
  const slot = (
    actor: Actor,
    kind: ImageKind,
    ownerId: string,
    broadcasterId: string,
    role: RoleName,
    req: FastifyRequest,
  ) => {
    requireRole(actor, broadcasterId, role);
    return startImageUpload(images, kind, ownerId, origin(req));
  };

  /** The broadcaster's id (lower case) once it exists and the actor is its Admin. */
  const administered = async (actor: Actor, broadcasterID: string) => {
    const id = broadcasterID.toLowerCase();
    if (!(await q.broadcasterExists(deps.db, id))) throw notFound('error.broadcasterNotFound', { id: broadcasterID });
    requireRole(actor, id, 'admin');
    return id;
  };
  const broadcasterSlot = (kind: ImageKind) => async (actor: Actor, broadcasterID: string, req: FastifyRequest) =>
    startImageUpload(images, kind, await administered(actor, broadcasterID), origin(req));
  const profileSlot = broadcasterSlot('broadcaster_profile');
  const bannerSlot = broadcasterSlot('broadcaster_banner');
  route(
    app,
    c.startBroadcasterProfileUpload,
    ({ auth, body }, req) => profileSlot(auth, body.broadcasterID, req),
    broadcasterKeyOrSession,
  );
  route(
    app,
    c.startBroadcasterBannerUpload,
    ({ auth, body }, req) => bannerSlot(auth, body.broadcasterID, req),
    broadcasterKeyOrSession,
  );

  route(app, c.bannerGallery, async (_input, req) => {
    const t = await messageTranslator(req);
    const at = origin(req);
    const thumbnail = String(Math.min(...IMAGE_SHAPES.broadcaster_banner.widths));
    const results = bannerGallery().map((b) => {
      const { url, resizableURL } = imageUrlsOf('broadcaster_banner', resizablePath(b.folder), at);
      return {
        backgroundID: b.id,
        displayName: t({ key: `catalog.bannerGallery.${b.id}` }),
        imageURL: url,
        imageURLResizable: resizableURL,
        thumbnailImageURL: resizableURL.replace('{size}', thumbnail),
      };
    });
    return {
      nodeType: 'broadcaster_background',
      nodeDisplayName: 'Banner gallery',
      totalCount: results.length,
      next: null,
      results,
    };
  });
  route(
    app,
    c.chooseBannerFromGallery,
    async ({ auth, body }, req) => {
      const id = await administered(auth, body.broadcasterID);
      const banner = galleryBanner(body.backgroundID);
      if (!banner) throw notFound('error.image.backgroundNotFound', { id: body.backgroundID });
      const stored = await setStockImage(images, 'broadcaster_banner', id, banner.folder);
      deps.changes?.announce(await pictureChange(deps, 'broadcaster_banner', id));
      const { url, resizableURL, widths } = imageUrlsOf('broadcaster_banner', stored.resizableURL, origin(req));
      return { url, resizableURL, widths: [...widths] };
    },
    broadcasterKeyOrSession,
  );

  route(
    app,
    c.startSpeakerPortraitUpload,
    async ({ auth, body }, req) => {
      const lock = await q.speakerBroadcaster(deps.db, body.speakerID);
      if (lock === undefined) throw notFound('error.speakerNotFound', { id: String(body.speakerID) });
      // A speaker shared by every broadcaster is no one broadcaster's: site admins only.
      return slot(auth, 'speaker_portrait', String(body.speakerID), lock ?? '', 'uploader', req);
    },
    broadcasterKeyOrSession,
  );
  route(
    app,
    c.startSeriesArtworkUpload,
    async ({ auth, body }, req) => {
      const owner = await q.seriesBroadcaster(deps.db, body.seriesID);
      if (owner === undefined) throw notFound('error.seriesNotFound', { id: String(body.seriesID) });
      return slot(auth, 'series_artwork', String(body.seriesID), owner, 'uploader', req);
    },
    broadcasterKeyOrSession,
  );

  await app.register(async (bytes) => {
    // The picture's bytes are read raw, not parsed.
    bytes.removeAllContentTypeParsers();
    bytes.addContentTypeParser('*', (_req, _payload, done) => done(null));
    route(bytes, c.putImage, async ({ params }, req) => {
      const length = req.headers['content-length'];
      const declared = length === undefined ? undefined : Number(length);
      const { url, resizableURL, widths, kind, ownerId } = await receiveImageUpload(
        images,
        params.guid,
        req.raw,
        origin(req),
        declared,
      );
      deps.changes?.announce(await pictureChange(deps, kind, ownerId));
      return { url, resizableURL, widths: [...widths] };
    });
  });
}

/**
 * The pages that show a new picture (catalogue/catalogue-changes.ts). An article's pages are
 * tagged with its broadcaster and speaker (site/render-tags.ts: the article's answer names them).
 */
async function pictureChange(deps: ApiDeps, kind: ImageKind, ownerId: string): Promise<CatalogueChange> {
  switch (kind) {
    case 'broadcaster_profile':
    case 'broadcaster_banner':
      return { broadcasterIds: [ownerId] };
    case 'speaker_portrait':
      return { speakerIds: [Number(ownerId)] };
    case 'series_artwork':
      return { seriesIds: [Number(ownerId)] };
    case 'article_banner': {
      const article = await q.articleOwners(deps.db, Number(ownerId));
      if (!article) return {};
      return { broadcasterIds: [article.broadcaster_id], speakerIds: article.speaker_id ? [article.speaker_id] : [] };
    }
  }
}
