import { sermonEditingContracts as c } from '@kerygma/domain/contracts/sermon-editing';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { guards } from '../accounts/guards.ts';
import type { ApiDeps } from '../app-deps.ts';
import { catalogueChanges } from '../catalogue/catalogue-changes.ts';
import { requestLanguage, requestUrl, urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import * as editing from './sermon-editing.service.ts';

/**
 * The write half of the catalogue (spec §7 Sermons and Broadcasters calls): sermons, speakers
 * and series, for the broadcaster's Uploaders and Admins (site admins too; restore is theirs
 * alone). Answers are personal: never stored by shared caches.
 */
export function sermonEditingRoutes(app: FastifyInstance, deps: ApiDeps) {
  const now = deps.now ?? Date.now;
  const ed: editing.EditingDeps = { db: deps.db, changes: deps.changes ?? catalogueChanges(), now };
  const g = guards({ db: deps.db, now });
  const user = g.signedInUser;
  const uploader = g.broadcasterRole('uploader');
  const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');
  const done = { ok: true as const };

  route(app, c.createSermon, ({ auth, body }, req) => editing.createSermon(ed, auth, body, requestLanguage(req)), user);
  route(
    app,
    c.editableSermon,
    ({ auth, params }, _req, reply) => {
      personal(reply);
      return editing.sermonForEditing(ed, auth, params.sermonID);
    },
    user,
  );
  route(app, c.updateSermon, ({ auth, params, body }) => editing.updateSermon(ed, auth, params.sermonID, body), user);
  route(app, c.replaceSermon, ({ auth, params, body }) => editing.updateSermon(ed, auth, params.sermonID, body), user);
  route(
    app,
    c.setSermonPublishState,
    ({ auth, params, body }) => editing.setPublishState(ed, auth, params.sermonID, body),
    user,
  );
  route(app, c.duplicateSermon, ({ auth, params }) => editing.duplicateSermon(ed, auth, params.sermonID), user);
  route(app, c.deleteSermon, ({ auth, params }) => editing.deleteSermon(ed, auth, params.sermonID), user);
  route(app, c.restoreSermon, ({ params }) => editing.restoreSermon(ed, params.sermonID), g.siteAdmin);
  route(app, c.sermonConfig, (_input, _req, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return editing.sermonConfig();
  });
  route(
    app,
    c.editorDropdownContents,
    ({ auth, params }, _req, reply) => {
      personal(reply);
      return editing.editorDropdownContents(ed, auth, params.sermonID);
    },
    user,
  );
  route(
    app,
    c.dashboardSermonList,
    ({ params, query }, req, reply) => {
      personal(reply);
      return editing.dashboardSermons(ed, params.broadcasterID, query, requestUrl(urlsFor(deps.config, req), req));
    },
    uploader,
  );

  route(
    app,
    c.editableSpeakers,
    ({ auth, params }, _req, reply) => {
      personal(reply);
      return editing.editableSpeakers(ed, auth.user, params.broadcasterID);
    },
    uploader,
  );
  route(
    app,
    c.createSpeaker,
    async ({ auth, body }, _req, reply) => {
      const { created, speaker } = await editing.createSpeaker(ed, auth, body);
      reply.status(created ? 201 : 200);
      return speaker;
    },
    user,
  );
  route(app, c.updateSpeaker, ({ auth, params, body }) => editing.updateSpeaker(ed, auth, params.speaker, body), user);
  route(
    app,
    c.deleteSpeaker,
    async ({ auth, params }) => {
      await editing.deleteSpeaker(ed, auth, params.speaker);
      return done;
    },
    user,
  );

  route(
    app,
    c.editableSeries,
    ({ params }, _req, reply) => {
      personal(reply);
      return editing.editableSeries(ed, params.broadcasterID);
    },
    uploader,
  );
  route(app, c.createSeries, ({ params, body }) => editing.createSeries(ed, params.broadcasterID, body), uploader);
  route(app, c.updateSeries, ({ auth, params, body }) => editing.updateSeries(ed, auth, params.seriesID, body), user);
  route(
    app,
    c.deleteSeries,
    async ({ auth, params }) => {
      await editing.deleteSeries(ed, auth, params.seriesID);
      return done;
    },
    user,
  );
}
