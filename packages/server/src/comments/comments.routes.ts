import { commentContracts as c } from '@kerygma/domain/contracts/comments';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { guards } from '../accounts/guards.ts';
import type { ApiDeps } from '../app-deps.ts';
import { urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { createMailer } from '../mail/mailer.ts';
import * as comments from './comments.service.ts';

/**
 * Comments on sermons and messages to broadcasters (spec §7 Comments, message_from_user).
 * Writes and personal lists need a session (accounts/); the public lists are plain reads.
 */
export async function commentRoutes(app: FastifyInstance, deps: ApiDeps) {
  const now = deps.now ?? Date.now;
  const mail = createMailer(deps.config.mail, app.log);
  const cd: comments.CommentDeps = { db: deps.db, mail, now, log: app.log };
  const { signedInUser: signedIn } = guards({ db: deps.db, now });
  const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

  route(app, c.sermonComments, async ({ params, query }, _req, reply) => {
    // Public, but a review changes it at once: stored, and asked again each time (ETag).
    reply.header('cache-control', 'public, no-cache');
    return comments.sermonComments(cd, params.sermonID, query);
  });

  route(app, c.legacyComments, async ({ query }, _req, reply) => {
    reply.header('cache-control', 'public, no-cache');
    return comments.recentComments(cd, query);
  });

  route(
    app,
    c.postComment,
    ({ auth, params, body }, req) =>
      comments.postComment(cd, auth, params.sermonID, body.comment, urlsFor(deps.config, req).origin),
    signedIn,
  );

  route(
    app,
    c.deleteComment,
    async ({ auth, params }) => {
      await comments.deleteComment(cd, auth, params.commentID);
      return { ok: true as const };
    },
    signedIn,
  );

  route(
    app,
    c.reviewComment,
    ({ auth, params, body }) => comments.reviewComment(cd, auth, params.commentID, body.state),
    signedIn,
  );

  route(
    app,
    c.userComments,
    ({ auth, query }, _req, reply) => {
      personal(reply);
      return comments.userComments(cd, auth, query);
    },
    signedIn,
  );

  route(
    app,
    c.pendingComments,
    ({ auth, params, query }, _req, reply) => {
      personal(reply);
      return comments.pendingComments(cd, auth, params.broadcasterID, query);
    },
    signedIn,
  );

  route(
    app,
    c.messageBroadcaster,
    async ({ auth, params, body }, req) => {
      await comments.messageBroadcaster(cd, auth, params.broadcasterID, body, urlsFor(deps.config, req).origin);
      return { ok: true as const };
    },
    signedIn,
  );
}
