import { useEffect, useState } from 'react';
import { type IslandMessages, islandTranslator } from './messages.ts';

type Props = {
  messages: IslandMessages<'colorMode.label' | 'colorMode.system' | 'colorMode.light' | 'colorMode.dark'>;
};

const MODES = ['system', 'light', 'dark'] as const;
type ColorMode = (typeof MODES)[number];

/** Read before first paint by the layout's inline script in <head>, which applies it. */
const STORAGE_KEY = 'color-mode';

const root = () => document.documentElement;

function remember(mode: ColorMode) {
  try {
    localStorage.setItem(STORAGE_KEY, mode);
  } catch {}
  if (mode === 'system') delete root().dataset.colorMode;
  else root().dataset.colorMode = mode;
}

/**
 * The colour-mode picker in the footer (spec §4: system, light, dark; stored locally). Hidden
 * until hydrated: without JavaScript the system setting applies and a picker would do nothing.
 */
export default function ColorModePicker({ messages }: Props) {
  const t = islandTranslator(messages);
  // Unknown on the server: the mode applied is the browser's.
  const [mode, setMode] = useState<ColorMode | null>(null);
  useEffect(() => {
    const applied = root().dataset.colorMode;
    setMode(applied === 'light' || applied === 'dark' ? applied : 'system');
  }, []);
  return (
    <div className="color-mode" hidden={mode === null}>
      <label htmlFor="color-mode-select">{t('colorMode.label')}</label>
      <select
        id="color-mode-select"
        value={mode ?? 'system'}
        onChange={(e) => {
          const chosen = e.target.value as ColorMode;
          setMode(chosen);
          remember(chosen);
        }}
      >
        {MODES.map((m) => (
          <option key={m} value={m}>
            {t(`colorMode.${m}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
