import { z } from 'zod';
import { COMMENT_RULES, COMMENT_SORTS, COMMENT_STATES } from '../comments.ts';
import { knownOr, pageSize } from '../query.ts';
import { contract } from './contract.ts';
import { broadcasterIdParams, sermonIdParams } from './params.ts';

/**
 * Comments on sermons (spec §3, §4, §5, §7 Comments) and messages from listeners to a
 * broadcaster (§7 Broadcasters, message_from_user). A comment is plain text, as typed: show it
 * escaped (the site links its web addresses with `rel="nofollow ugc noopener"`). It waits,
 * pending, until a manager of the sermon's broadcaster (or a site admin) approves or rejects it;
 * only approved comments are public and counted in the sermon's `commentCount`.
 */

export const commentSchema = z.object({
  commentID: z.number().int(),
  sermonID: z.string(),
  /** The text as typed (plain text, not HTML). */
  comment: z.string(),
  /** ISO 8601. */
  created: z.string(),
  author: z.object({ userID: z.number().int(), displayName: z.string() }),
});

/** A comment with its review state and the sermon it is on: for its author and its reviewers. */
export const reviewedCommentSchema = commentSchema.extend({
  state: z.enum(COMMENT_STATES),
  sermonTitle: z.string(),
  broadcasterID: z.string(),
});

export type SermonComment = z.infer<typeof commentSchema>;
export type ReviewedComment = z.infer<typeof reviewedCommentSchema>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    results: z.array(item),
    totalCount: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** Comments are listed by page number; a sermon has few, and no list goes past page 1,000. */
const paging = {
  page: z.coerce.number().int().min(1).max(1000).default(1),
  pageSize: pageSize(COMMENT_RULES.pageSize, COMMENT_RULES.maxPageSize),
};
const commentIdParams = z.object({ commentID: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });
const done = z.object({ ok: z.literal(true) });
const tag = 'Comments';

export const commentContracts = {
  sermonComments: contract({
    method: 'GET',
    path: '/node/sermons/:sermonID/comments',
    tag,
    summary: "A sermon's comments",
    description: `The sermon's approved comments, ${COMMENT_RULES.pageSize} a page: newest first (\`date\`), oldest first (\`reverse-date\`) or in a random order (\`random\`; pages of one \`seed\` do not overlap). An unknown sort is \`date\`.`,
    params: sermonIdParams,
    query: z.object({
      ...paging,
      sort: knownOr(COMMENT_SORTS, 'date'),
      seed: z.string().max(40).optional(),
    }),
    responses: { 200: pageOf(commentSchema) },
    errors: [404],
  }),
  legacyComments: contract({
    method: 'GET',
    path: '/sermon_comments/legacy',
    tag,
    summary: 'Recent comments',
    description:
      'Approved comments, newest first: on one sermon (`sermonID`), on the sermons of one broadcaster (`broadcasterID`), or on any sermon.',
    query: z.object({
      ...paging,
      sermonID: z.string().min(1).max(40).optional(),
      broadcasterID: z.string().min(1).max(100).optional(),
    }),
    responses: { 200: pageOf(reviewedCommentSchema.omit({ state: true })) },
  }),
  postComment: contract({
    method: 'POST',
    path: '/sermon_comments/sermon/:sermonID',
    tag,
    summary: 'Comment on a sermon',
    description: `Adds the signed-in user's comment to a published sermon, pending approval. The account's e-mail address must be verified (403 otherwise); the trimmed text is ${COMMENT_RULES.minLength}-${COMMENT_RULES.maxLength} characters. 429 after too many comments in a short time.`,
    auth: 'session',
    params: sermonIdParams,
    body: z.object({ comment: z.string().max(COMMENT_RULES.maxLength * 4) }),
    responses: { 201: reviewedCommentSchema },
    errors: [401, 403, 404, 429],
  }),
  deleteComment: contract({
    method: 'DELETE',
    path: '/sermon_comments/comment/:commentID',
    tag,
    summary: 'Delete a comment',
    description:
      "Deletes one of the signed-in user's comments; a manager of the sermon's broadcaster, or a site admin, may delete any comment on its sermons (403 for anyone else).",
    auth: 'session',
    params: commentIdParams,
    responses: { 200: done },
    errors: [401, 403, 404],
  }),
  reviewComment: contract({
    method: 'PATCH',
    path: '/sermon_comments/comment/:commentID',
    tag,
    summary: 'Approve or reject a comment',
    description:
      "Sets a comment's state to `approved` (public, counted) or `rejected` (hidden). For the managers of the sermon's broadcaster and site admins; 403 for anyone else.",
    auth: 'session',
    params: commentIdParams,
    body: z.object({ state: z.enum(['approved', 'rejected']) }),
    responses: { 200: reviewedCommentSchema },
    errors: [401, 403, 404],
  }),
  userComments: contract({
    method: 'GET',
    path: '/sermon_comments/user',
    tag,
    summary: "The signed-in user's comments",
    description: "The user's own comments, newest first, each with its state (pending, approved or rejected).",
    auth: 'session',
    query: z.object(paging),
    responses: { 200: pageOf(reviewedCommentSchema) },
    errors: [401],
  }),
  pendingComments: contract({
    method: 'GET',
    path: '/sermon_comments/broadcaster/:broadcasterID/pending',
    tag,
    summary: 'Comments waiting for review',
    description:
      "The pending comments on a broadcaster's sermons, oldest first: for its managers and site admins (403 for anyone else).",
    auth: 'session',
    params: broadcasterIdParams,
    query: z.object(paging),
    responses: { 200: pageOf(reviewedCommentSchema) },
    errors: [401, 403, 404],
  }),
  messageBroadcaster: contract({
    method: 'POST',
    path: '/node/broadcasters/:broadcasterID/message_from_user',
    tag,
    summary: 'Send a message to a broadcaster',
    description: `Mails the signed-in user's message to the broadcaster's contact address (never shown), with Reply-To set to the user's address. The account's e-mail address must be verified (403 otherwise); subject up to ${COMMENT_RULES.contactSubjectMaxLength} characters, message ${COMMENT_RULES.contactMessageMinLength}-${COMMENT_RULES.contactMessageMaxLength}. 409 when the broadcaster takes no messages; 429 after too many messages.`,
    auth: 'session',
    params: broadcasterIdParams,
    body: z.object({
      subject: z.string().trim().min(1).max(COMMENT_RULES.contactSubjectMaxLength),
      message: z.string().max(COMMENT_RULES.contactMessageMaxLength * 2),
    }),
    responses: { 202: done },
    errors: [401, 403, 404, 409, 429],
  }),
};
