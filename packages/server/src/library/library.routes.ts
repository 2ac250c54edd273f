import type { FollowKind } from '@kerygma/domain/account-rules';
import { libraryContracts as c } from '@kerygma/domain/contracts/library';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { guards } from '../accounts/guards.ts';
import type { ApiDeps } from '../app-deps.ts';
import { requestUrl, urlsFor } from '../http/request-context.ts';
import { route } from '../http/route.ts';
import { playlistFor } from '../webcasts/live-rungs.ts';
import * as library from './library.service.ts';
import { linkSecret } from './unsubscribe-token.ts';

/**
 * The listener's library (spec §7 Users): follows, the followed lists and the feed, play
 * history, bookmarks, and the digest's one-click unsubscribe. Every call but the last is the
 * session's own user's; answers are never cached by anyone but that browser.
 */
export async function libraryRoutes(app: FastifyInstance, deps: ApiDeps) {
  const now = deps.now ?? Date.now;
  const lib: library.LibraryDeps = { db: deps.db, entities: deps.entities, now };
  const { signedInUser: signedIn } = guards({ db: deps.db, now });
  const secret = linkSecret(deps.config);
  const privately = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

  const follows = [
    [c.followBroadcaster, c.unfollowBroadcaster, c.broadcasterFollowed, 'broadcaster', 'broadcasterID'],
    [c.followSpeaker, c.unfollowSpeaker, c.speakerFollowed, 'speaker', 'speakerName'],
    [c.followSeries, c.unfollowSeries, c.seriesFollowed, 'series', 'seriesID'],
    [c.followSermon, c.unfollowSermon, c.sermonFollowed, 'sermon', 'sermonID'],
  ] as const;
  for (const [followContract, unfollowContract, followedContract, kind, param] of follows) {
    const name = (params: object) => String((params as Record<string, string | number>)[param]);
    route(
      app,
      followContract,
      ({ params, auth }) => library.follow(lib, kind as FollowKind, auth.user_id, name(params)),
      signedIn,
    );
    route(
      app,
      unfollowContract,
      ({ params, auth }) => library.unfollow(lib, kind as FollowKind, auth.user_id, name(params)),
      signedIn,
    );
    route(
      app,
      followedContract,
      async ({ params, auth }, _req, reply) => {
        privately(reply);
        const { followed } = await library.followState(deps.db, kind, auth.user_id, name(params));
        return { followed };
      },
      signedIn,
    );
  }

  route(
    app,
    c.userFollows,
    async ({ auth }, _req, reply) => {
      privately(reply);
      return library.userFollows(deps.db, auth.user_id);
    },
    signedIn,
  );

  const listArgs = (req: FastifyRequest) => {
    const urls = urlsFor(deps.config, req);
    return [urls, requestUrl(urls, req)] as const;
  };
  route(
    app,
    c.followedBroadcasters,
    ({ query, auth }, req, reply) => {
      privately(reply);
      return library.followedBroadcasters(lib, auth.user_id, query, ...listArgs(req));
    },
    signedIn,
  );
  route(
    app,
    c.followedSpeakers,
    ({ query, auth }, req, reply) => {
      privately(reply);
      return library.followedSpeakers(lib, auth.user_id, query, ...listArgs(req));
    },
    signedIn,
  );
  route(
    app,
    c.followedSeries,
    ({ query, auth }, req, reply) => {
      privately(reply);
      return library.followedSeries(lib, auth.user_id, query, ...listArgs(req));
    },
    signedIn,
  );
  route(
    app,
    c.followedSermons,
    ({ query, auth }, req, reply) => {
      privately(reply);
      return library.sermonList(lib, 'sermon', auth.user_id, query, ...listArgs(req));
    },
    signedIn,
  );
  route(
    app,
    c.userFeed,
    ({ query, auth }, req, reply) => {
      privately(reply);
      return library.feed(lib, auth.user_id, query, ...listArgs(req));
    },
    signedIn,
  );
  const webcastFeedDeps = {
    ...lib,
    origin: deps.config.publicUrl ?? '',
    hlsPlaylist: playlistFor(deps.config.webcasts.lowerRung),
  };
  route(
    app,
    c.userWebcastFeed,
    ({ query, auth }, req, reply) => {
      privately(reply);
      return library.webcastFeed(webcastFeedDeps, auth.user_id, query, listArgs(req)[1]);
    },
    signedIn,
  );

  route(
    app,
    c.historyList,
    ({ query, auth }, req, reply) => {
      privately(reply);
      return library.history(lib, auth.user_id, query, ...listArgs(req));
    },
    signedIn,
  );
  route(
    app,
    c.playPosition,
    ({ params, auth }, _req, reply) => {
      privately(reply);
      return library.playPosition(deps.db, auth.user_id, params.sermonID);
    },
    signedIn,
  );
  route(
    app,
    c.recordPlay,
    ({ params, body, auth }) => library.recordPlay(lib, auth.user_id, params.sermonID, body),
    signedIn,
  );
  route(app, c.forgetPlay, ({ params, auth }) => library.forgetPlay(deps.db, auth.user_id, params.sermonID), signedIn);
  route(app, c.clearHistory, ({ auth }) => library.clearHistory(deps.db, auth.user_id), signedIn);

  route(
    app,
    c.bookmarkList,
    ({ query, auth }, req, reply) => {
      privately(reply);
      return library.sermonList(lib, 'bookmark', auth.user_id, query, ...listArgs(req));
    },
    signedIn,
  );
  route(
    app,
    c.bookmarkState,
    ({ params, auth }, _req, reply) => {
      privately(reply);
      return library.bookmarkState(deps.db, auth.user_id, params.sermonID);
    },
    signedIn,
  );
  route(app, c.addBookmark, ({ params, auth }) => library.addBookmark(lib, auth.user_id, params.sermonID), signedIn);
  route(
    app,
    c.removeBookmark,
    ({ params, auth }) => library.removeBookmark(deps.db, auth.user_id, params.sermonID),
    signedIn,
  );

  // Mail programs post the one-click unsubscribe as a form (RFC 8058); only this route reads forms.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    route(scope, c.mailUnsubscribe, ({ query }) => library.unsubscribe(deps.db, secret, query.token, query.list));
  });
}
