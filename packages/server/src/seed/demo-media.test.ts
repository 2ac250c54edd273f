import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hasEspeak } from '@kerygma/ffmpeg/speech';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDemoOriginals, type DemoMediaSermon, type DemoOriginal } from './demo-media.ts';

const sermon: DemoMediaSermon = {
  sermonId: '101',
  hasVideo: false,
  displayTitle: 'Rest Is a Gift',
  subtitle: null,
  bibleText: 'Matthew 11:28',
  moreInfoText: 'We who are saved find rest in Jesus.',
  languageCode: 'en',
};

const espeak = await hasEspeak();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'kerygma-demo-media-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function build(cacheDir: string, sermons: DemoMediaSermon[], espeakPath?: string) {
  const originals: DemoOriginal[] = [];
  const warnings: string[] = [];
  const result = await buildDemoOriginals(sermons, {
    cacheDir,
    ready: async (o) => void originals.push(o),
    warn: (m) => warnings.push(m),
    espeakPath,
  });
  return { ...result, originals, warnings };
}

describe('buildDemoOriginals', () => {
  it('without espeak-ng: speech-like sound, and one line saying the recordings have no words', async () => {
    const made = await build(path.join(dir, 'no-espeak'), [sermon], path.join(dir, 'no-such-espeak-ng'));
    expect(made.failed).toEqual([]);
    expect(made.warnings).toHaveLength(1);
    expect(made.warnings[0]).toMatch(/espeak-ng is not installed.*without words/);
    expect(path.basename(made.originals[0]?.file ?? '')).toMatch(/^speech-\d+-120\.mp3$/);
  }, 60_000);

  it.skipIf(!espeak)(
    'with espeak-ng: each sermon its own spoken render, made again only when what it says changes',
    async () => {
      const cacheDir = path.join(dir, 'espeak');
      const first = await build(cacheDir, [sermon]);
      expect(first.warnings).toEqual([]);
      expect(first.rendered).toBe(1);
      const file = first.originals[0]?.file ?? '';
      expect(path.basename(file)).toMatch(/^spoken-[0-9a-f]{16}\.mp3$/);
      expect(first.originals[0]?.durationSeconds).toBeGreaterThan(100);

      const again = await build(cacheDir, [sermon]);
      expect(again.rendered).toBe(0);
      expect(again.originals[0]?.file).toBe(file);

      const changed = await build(cacheDir, [{ ...sermon, moreInfoText: 'Nothing can be freer than a gift.' }]);
      expect(changed.rendered).toBe(1);
      expect(changed.originals[0]?.file).not.toBe(file);
    },
    120_000,
  );
});
