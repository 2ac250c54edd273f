/**
 * The classic admin frames the django screens and embeds (spec §2): what they tell the page
 * around them (toasts, a linked user, a payment method, the user menu's choice) goes to it as
 * a message, `{ source: 'kerygma-dashboard', type, … }`, to the frame's parent only.
 */
export type FrameMessage =
  | { type: 'toast'; kind: string; text: string }
  | { type: 'link-user'; userID: number; username: string }
  | { type: 'payment-method'; configured: boolean }
  | { type: 'user-dropdown'; action: 'settings' | 'sign-out' };

export const FRAME_SOURCE = 'kerygma-dashboard';

/** Whether this page is framed by the classic admin (a django path inside another window). */
export function inClassicFrame(): boolean {
  return (
    typeof window !== 'undefined' && window.parent !== window && /^(\/[a-z]{2})?\/django(\/|$)/.test(location.pathname)
  );
}

/** Posts to the parent frame when framed by the classic admin; false otherwise. */
export function postToParent(message: FrameMessage): boolean {
  if (!inClassicFrame()) return false;
  // The parent's origin is not known to the frame (CLASSIC_ADMIN_ORIGINS lives on the server):
  // nothing secret is posted.
  window.parent.postMessage({ source: FRAME_SOURCE, ...message }, '*');
  return true;
}
