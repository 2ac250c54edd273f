import { createTransport } from '@kerygma/api/transport';
import type { commentContracts } from '@kerygma/domain/contracts/comments';

/**
 * The comment calls the islands make, by route (checked against their contracts; the zod
 * schemas stay on the server). Public reads go through the plain transport; the signed-in
 * user's calls through the session client's `sessionCall` (islands/session/).
 */
export type CommentCalls = typeof commentContracts;
type Route<K extends keyof CommentCalls> = Pick<CommentCalls[K], 'method' | 'path'>;

export const ROUTES = {
  sermonComments: { method: 'GET', path: '/node/sermons/:sermonID/comments' },
  legacyComments: { method: 'GET', path: '/sermon_comments/legacy' },
  postComment: { method: 'POST', path: '/sermon_comments/sermon/:sermonID' },
  deleteComment: { method: 'DELETE', path: '/sermon_comments/comment/:commentID' },
  reviewComment: { method: 'PATCH', path: '/sermon_comments/comment/:commentID' },
  userComments: { method: 'GET', path: '/sermon_comments/user' },
  pendingComments: { method: 'GET', path: '/sermon_comments/broadcaster/:broadcasterID/pending' },
  messageBroadcaster: { method: 'POST', path: '/node/broadcasters/:broadcasterID/message_from_user' },
} as const satisfies { [K in keyof CommentCalls]: Route<K> };

/** A public read in the page's language. */
export const publicTransport = (language: string) => createTransport({ origin: location.origin, language });

/** The API's own words for a failure (already in the asker's language), else `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  const body = (error as { body?: { errors?: Record<string, unknown> } } | undefined)?.body;
  const texts = Object.values(body?.errors ?? {}).filter((v): v is string => typeof v === 'string');
  return texts.length > 0 ? texts.join(' ') : fallback;
}

/** The sign-in page that brings the reader back here afterwards (spec §2 Sign-in flow). */
export const signInHref = (loginPath: string) =>
  `${loginPath}?next=${encodeURIComponent(location.pathname + location.search)}`;

export const formatDate = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(iso));
