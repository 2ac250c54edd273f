/**
 * Keyboard shortcuts, shown to people in the player's shortcuts list. Keys follow the common
 * video-site habits: space or k plays and pauses, j and l jump, arrows skip and change volume.
 * As on those sites, the letter keys work anywhere on the page (the player's settings can turn
 * them off, WCAG 2.1.4), while Space and the arrows, which scroll the page, work only while
 * focus is in the player.
 */
export type PlayerAction =
  | 'toggle'
  | 'back15'
  | 'forward15'
  | 'back30'
  | 'forward30'
  | 'volumeUp'
  | 'volumeDown'
  | 'mute'
  | 'fullscreen'
  | 'slower'
  | 'faster'
  | 'help';

/** Keys as KeyboardEvent.key values, with the label shown in the list ('{space}': the Space bar's name in the page's language). */
export const SHORTCUTS: readonly { keys: readonly string[]; label: string; action: PlayerAction }[] = [
  { keys: [' ', 'k', 'K'], label: '{space} / K', action: 'toggle' },
  { keys: ['ArrowLeft'], label: '←', action: 'back15' },
  { keys: ['ArrowRight'], label: '→', action: 'forward15' },
  { keys: ['j', 'J'], label: 'J', action: 'back30' },
  { keys: ['l', 'L'], label: 'L', action: 'forward30' },
  { keys: ['ArrowUp'], label: '↑', action: 'volumeUp' },
  { keys: ['ArrowDown'], label: '↓', action: 'volumeDown' },
  { keys: ['m', 'M'], label: 'M', action: 'mute' },
  { keys: ['f', 'F'], label: 'F', action: 'fullscreen' },
  { keys: ['<'], label: '<', action: 'slower' },
  { keys: ['>'], label: '>', action: 'faster' },
  { keys: ['?'], label: '?', action: 'help' },
];

/** Elements whose own keys must win: typing in a field, choosing in a list, moving a slider. */
const OWN_KEYS = /^(INPUT|TEXTAREA|SELECT)$/;

type KeyInfo = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: { tagName?: string; isContentEditable?: boolean; getAttribute?(name: string): string | null } | null;
};

/** Keys the page needs for itself (scrolling) unless focus is in the player. */
const PAGE_KEYS = /^( |Arrow\w+)$/;

export function shortcutFor(event: KeyInfo, focusInPlayer: boolean): PlayerAction | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  if (!focusInPlayer && PAGE_KEYS.test(event.key)) return undefined;
  const target = event.target;
  if (target?.isContentEditable || OWN_KEYS.test(target?.tagName ?? '')) return undefined;
  const role = target?.getAttribute?.('role');
  // Space and Enter activate the focused button or link; arrows move the focused slider.
  if (event.key === ' ' && /^(BUTTON|A|SUMMARY)$/.test(target?.tagName ?? '')) return undefined;
  if (role === 'slider' && event.key.startsWith('Arrow')) return undefined;
  return SHORTCUTS.find((s) => s.keys.includes(event.key))?.action;
}
