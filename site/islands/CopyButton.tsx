import { useEffect, useState } from 'react';
import { type IslandMessages, islandTranslator } from './messages.ts';

type Props = {
  messages: IslandMessages<'embed.examples.copy' | 'embed.examples.copied'>;
  /** The id of the field whose text it copies. */
  target: string;
};

/**
 * Copies a field's text (pages/embed/classic/examples.astro, components/Subscribe.astro); disabled
 * where the browser has no clipboard. Not hidden: `client:visible` hydrates it once its button is
 * seen, and a hidden button is never seen.
 */
export default function CopyButton({ messages, target }: Props) {
  const t = islandTranslator(messages);
  const [available, setAvailable] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setAvailable(Boolean(navigator.clipboard)), []);
  // Says so for two seconds.
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      disabled={!available}
      onClick={() => {
        const field = document.getElementById(target) as HTMLTextAreaElement | null;
        if (field) void navigator.clipboard.writeText(field.value).then(() => setCopied(true));
      }}
    >
      {copied ? t('embed.examples.copied') : t('embed.examples.copy')}
    </button>
  );
}
