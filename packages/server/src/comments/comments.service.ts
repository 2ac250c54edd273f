import { COMMENT_RULES, type CommentSort, visibleLength } from '@kerygma/domain/comments';
import type { ReviewedComment, SermonComment } from '@kerygma/domain/contracts/comments';
import { managesBroadcaster, type RoleHolder } from '@kerygma/domain/roles';
import { getLocale } from '@kerygma/i18n/locales';
import { getTranslator } from '@kerygma/i18n/t';
import type { UserRow } from '../accounts/accounts.queries.ts';
import { countOrRefuse } from '../accounts/attempt-limits.ts';
import { mailManagers } from '../broadcaster-account/manager-mail.ts';
import type { Db } from '../db/db.ts';
import { ApiError, notFound } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import * as q from './comments.queries.ts';

/** What the comment rules need: the database, the mailer (messages), the clock (tests move it). */
export type CommentDeps = {
  db: Db;
  mail: Mailer;
  now: () => number;
  log?: { warn(obj: object, msg: string): void };
};

type Page = { page: number; pageSize: number };
type PageOf<T> = { results: T[]; totalCount: number; page: number; pageSize: number };

const fail = (status: number, code: string, key: string, params?: Record<string, number>) =>
  new ApiError(status, code, { error: { key, params } });
const forbidden = () => fail(403, 'forbidden', 'error.comments.notAllowed');
const commentNotFound = () => notFound('error.comments.notFound');

const roleHolder = (u: UserRow): RoleHolder => ({ roles: u.roles, broadcasterRoles: u.broadcaster_roles });

/** Spec §5: commenting and writing to a broadcaster need a verified e-mail address. */
function requireVerified(user: UserRow): void {
  if (!user.verified) throw fail(403, 'not_verified', 'error.comments.notVerified');
}

function publicView(c: q.CommentRow): SermonComment {
  return {
    commentID: c.comment_id,
    sermonID: c.sermon_id,
    comment: c.body,
    created: c.created_at.toISOString(),
    author: { userID: c.user_id, displayName: c.author_name },
  };
}

function reviewedView(c: q.CommentRow): ReviewedComment {
  return { ...publicView(c), state: c.state, sermonTitle: c.sermon_title, broadcasterID: c.broadcaster_id };
}

const pageOf = <T>(
  p: Page,
  found: { rows: q.CommentRow[]; total: number },
  view: (c: q.CommentRow) => T,
): PageOf<T> => ({
  results: found.rows.map(view),
  totalCount: found.total,
  page: p.page,
  pageSize: p.pageSize,
});

async function publishedSermon(deps: CommentDeps, sermonId: string): Promise<q.CommentableSermon> {
  const sermon = await q.sermonForComments(deps.db, sermonId, deps.now());
  if (!sermon?.published) throw notFound('error.sermonNotFound');
  return sermon;
}

/** Adds a comment, pending review (spec §4), after the rules of §5 and the per-account limit. */
export async function postComment(
  deps: CommentDeps,
  user: UserRow,
  sermonId: string,
  text: string,
  origin: string,
): Promise<ReviewedComment> {
  requireVerified(user);
  const body = text.trim();
  const length = visibleLength(body);
  if (length < COMMENT_RULES.minLength)
    throw new ApiError(400, 'too_short', {
      comment: { key: 'error.comments.tooShort', params: { min: COMMENT_RULES.minLength } },
    });
  if (length > COMMENT_RULES.maxLength)
    throw new ApiError(400, 'too_long', {
      comment: { key: 'error.comments.tooLong', params: { max: COMMENT_RULES.maxLength } },
    });
  const sermon = await publishedSermon(deps, sermonId);
  await countOrRefuse(deps.db, 'commentAccount', String(user.user_id), deps.now());
  const row = await deps.db.transaction((tx) =>
    q.insertComment(tx, {
      sermonId: sermon.sermon_id,
      broadcasterId: sermon.broadcaster_id,
      userId: user.user_id,
      body,
      now: deps.now(),
    }),
  );
  // The managers who asked to be told (e-mail settings); a mail that fails does not undo the comment.
  await mailManagers({ ...deps, origin }, sermon.broadcaster_id, 'comment', (t, link) => ({
    subject: t('managerMail.commentSubject', { title: row.sermon_title }),
    text: t('managerMail.commentBody', {
      name: row.author_name,
      title: row.sermon_title,
      comment: body,
      link: link(`/broadcasters/${sermon.broadcaster_id}/comments`),
    }),
  })).catch((err) => deps.log?.warn({ err }, 'could not tell the managers of a new comment'));
  return reviewedView(row);
}

/** Its author deletes a comment; so may a manager of the sermon's broadcaster or a site admin. */
export async function deleteComment(deps: CommentDeps, user: UserRow, commentId: number): Promise<void> {
  const comment = await q.commentById(deps.db, commentId);
  if (!comment) throw commentNotFound();
  if (comment.user_id !== user.user_id && !managesBroadcaster(roleHolder(user), comment.broadcaster_id))
    throw forbidden();
  await deps.db.transaction((tx) => q.deleteComment(tx, commentId));
}

/** Approves or rejects a comment: the managers of the sermon's broadcaster and site admins only. */
export async function reviewComment(
  deps: CommentDeps,
  user: UserRow,
  commentId: number,
  state: 'approved' | 'rejected',
): Promise<ReviewedComment> {
  const comment = await q.commentById(deps.db, commentId);
  if (!comment) throw commentNotFound();
  if (!managesBroadcaster(roleHolder(user), comment.broadcaster_id)) throw forbidden();
  const row = await deps.db.transaction((tx) =>
    q.setCommentState(tx, { commentId, state, reviewerId: user.user_id, now: deps.now() }),
  );
  if (!row) throw commentNotFound();
  return reviewedView(row);
}

/** A published sermon's approved comments (§7, §9: pages of 10). */
export async function sermonComments(
  deps: CommentDeps,
  sermonId: string,
  p: Page & { sort: CommentSort; seed?: string },
): Promise<PageOf<SermonComment>> {
  const sermon = await publishedSermon(deps, sermonId);
  // Without a seed, the random order changes daily and pages of one day agree.
  const seed = p.seed ?? new Date(deps.now()).toISOString().slice(0, 10);
  return pageOf(p, await q.sermonComments(deps.db, sermon.sermon_id, { ...p, seed }), publicView);
}

export async function recentComments(
  deps: CommentDeps,
  p: Page & { sermonID?: string; broadcasterID?: string },
): Promise<PageOf<Omit<ReviewedComment, 'state'>>> {
  const found = await q.recentComments(deps.db, {
    ...p,
    sermonId: p.sermonID,
    broadcasterId: p.broadcasterID?.toLowerCase(),
  });
  return pageOf(p, found, (c) => {
    const { state: _state, ...view } = reviewedView(c);
    return view;
  });
}

export async function userComments(deps: CommentDeps, user: UserRow, p: Page): Promise<PageOf<ReviewedComment>> {
  return pageOf(p, await q.userComments(deps.db, user.user_id, p), reviewedView);
}

/** The moderation queue of a broadcaster: for its managers and site admins. */
export async function pendingComments(
  deps: CommentDeps,
  user: UserRow,
  broadcasterId: string,
  p: Page,
): Promise<PageOf<ReviewedComment>> {
  const id = broadcasterId.toLowerCase();
  if (!(await q.broadcasterExists(deps.db, id))) throw notFound('error.broadcasterNotFound');
  if (!managesBroadcaster(roleHolder(user), id)) throw forbidden();
  return pageOf(p, await q.pendingComments(deps.db, id, p), reviewedView);
}

/**
 * Mails a listener's message to the broadcaster's contact address (which no answer shows), in
 * the broadcaster's language (English when the site has no such language), with Reply-To the
 * listener's address so that the broadcaster answers them directly.
 */
export async function messageBroadcaster(
  deps: CommentDeps,
  user: UserRow,
  broadcasterId: string,
  input: { subject: string; message: string },
  origin: string,
): Promise<void> {
  requireVerified(user);
  const message = input.message.trim();
  const length = visibleLength(message);
  if (length < COMMENT_RULES.contactMessageMinLength || length > COMMENT_RULES.contactMessageMaxLength)
    throw new ApiError(400, 'invalid_length', {
      message: {
        key: 'error.comments.messageLength',
        params: { min: COMMENT_RULES.contactMessageMinLength, max: COMMENT_RULES.contactMessageMaxLength },
      },
    });
  const broadcaster = await q.broadcasterContact(deps.db, broadcasterId);
  if (!broadcaster) throw notFound('error.broadcasterNotFound');
  if (!broadcaster.contact_email) throw fail(409, 'no_contact', 'error.comments.noContactAddress');
  await countOrRefuse(deps.db, 'contactAccount', String(user.user_id), deps.now());
  const t = await getTranslator(getLocale(broadcaster.language_code).code);
  const name = user.display_name || user.username;
  // One line: a header holds no line breaks (nodemailer would encode them; none is meant).
  const subject = input.subject.replace(/\s+/g, ' ');
  const mail = (tr: typeof t) => ({
    replyTo: user.email,
    subject: tr('contact.mail.subject', { subject, name }),
    text: tr('contact.mail.body', {
      name,
      username: user.username,
      email: user.email,
      broadcaster: broadcaster.display_name,
      subject,
      message,
    }),
  });
  await deps.mail({ to: broadcaster.contact_email, ...mail(t) });
  // A copy to each manager who asked for one (e-mail settings).
  await mailManagers({ ...deps, origin }, broadcaster.broadcaster_id, 'message', (tr) => mail(tr)).catch((err) =>
    deps.log?.warn({ err }, 'could not copy a message to the managers'),
  );
}
