import type { SessionUser } from '../../stores/session.ts';

/**
 * §2 Sign-in flow: `next` may only name a page of this site (a path on `origin`), never another
 * site (`//evil.example`, `/\evil.example`, `https://…`); anything else is dropped.
 */
export function safeNext(next: string | null | undefined, origin: string): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  try {
    const url = new URL(next, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}

/**
 * Where a sign-in leads (§2): a safe `next` wins; else an admin or a manager of several
 * broadcasters goes to the broadcaster picker, of exactly one to the dashboard, anyone else to
 * their library.
 */
export function afterSignIn(
  user: Pick<SessionUser, 'admin' | 'broadcasterIds'>,
  library: string,
  next: string | null,
): string {
  if (next) return next;
  if (user.admin || user.broadcasterIds.length > 1) return '/broadcaster/select';
  if (user.broadcasterIds.length === 1) return '/dashboard-beta';
  return library;
}

/** `next` kept for the tab while the person fetches the verification mail (the mailed link carries only the code). */
export const PENDING_NEXT_KEY = 'kerygma-pending-next';
