import { COMMENT_LINK_REL, commentParts } from '@kerygma/domain/comments';

/**
 * A comment's plain text as React elements: text stays text (React escapes it) and web
 * addresses become links with `rel="nofollow ugc noopener"`, split by the same function the
 * server's HTML uses (`commentParts`, packages/domain/src/comments.ts).
 */
export function CommentText({ text }: { text: string }) {
  return (
    <p className="comment-text">
      {commentParts(text).map((part, i) =>
        'href' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never move
          <a key={i} href={part.href} rel={COMMENT_LINK_REL}>
            {part.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never move
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
