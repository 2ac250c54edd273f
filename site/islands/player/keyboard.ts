import type { PlayerEngine } from './engine.ts';
import { type PlayerAction, shortcutFor } from './shortcuts.ts';
import { $expanded, $spoken } from './view.ts';

/**
 * Keyboard shortcuts (shortcuts.ts: letters anywhere on the page, Space and arrows in the
 * player) while a sermon is loaded, unless turned off in the settings.
 */
export function listenForShortcuts(engine: PlayerEngine) {
  document.addEventListener('keydown', (e) => {
    if (!engine.sermon || !engine.settings.shortcuts || e.defaultPrevented || engine.root.hidden) return;
    const action = shortcutFor(e as KeyboardEvent & { target: HTMLElement }, engine.root.contains(e.target as Node));
    if (!action) return;
    e.preventDefault();
    act(engine, action);
    announce(engine, action);
  });
}

const SKIPS: Partial<Record<PlayerAction, number>> = { back15: -15, forward15: 15, back30: -30, forward30: 30 };

function act(engine: PlayerEngine, action: PlayerAction) {
  const skip = SKIPS[action];
  if (skip !== undefined) return engine.skip(skip);
  switch (action) {
    case 'toggle':
      return engine.toggle();
    case 'volumeUp':
      return engine.setVolume(engine.media.volume * 100 + 10);
    case 'volumeDown':
      return engine.setVolume(engine.media.volume * 100 - 10);
    case 'mute':
      return engine.toggleMute();
    case 'fullscreen':
      return engine.toggleFullscreen();
    case 'slower':
      return engine.stepSpeed(-1);
    case 'faster':
      return engine.stepSpeed(1);
    case 'help': {
      // The list of shortcuts, in the settings' panel (Controls.tsx), with all the controls shown.
      const help = engine.root.querySelector<HTMLDetailsElement>('[data-player-shortcuts]');
      if (!help) return;
      help.open = !help.open;
      if (!help.open) return;
      $expanded.set(true);
      const settings = engine.root.querySelector<HTMLDetailsElement>('details.more');
      if (settings) settings.open = true;
    }
  }
}

/** Says what a shortcut changed that has no words on screen: volume, mute and speed. */
function announce(engine: PlayerEngine, action: PlayerAction) {
  const m = engine.media;
  if (action === 'mute' && m.muted) $spoken.set({ muted: true });
  else if (action === 'mute' || action === 'volumeUp' || action === 'volumeDown') $spoken.set({ volume: m.volume });
  else if (action === 'slower' || action === 'faster') $spoken.set({ speed: engine.settings.speed });
}
