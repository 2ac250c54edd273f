import { execFile } from 'node:child_process';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { wordErrorRate } from '@kerygma/domain/word-error-rate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from './probe.ts';
import { run } from './run.ts';
import { hasEspeak, spokenAudio } from './speech.ts';
import { testPatternVideo } from './synth.ts';

const espeak = await hasEspeak();
const SPHINX = {
  binary: '/usr/bin/pocketsphinx_continuous',
  hmm: '/usr/share/pocketsphinx/model/en-us/en-us',
  lm: '/usr/share/pocketsphinx/model/en-us/en-us.lm.bin',
  dict: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
};
const sphinx = (
  await Promise.all(
    Object.values(SPHINX).map((f) =>
      access(f).then(
        () => true,
        () => false,
      ),
    ),
  )
).every(Boolean);
if (!espeak) console.warn('[speech] skipped: espeak-ng is not installed (Debian: apt-get install espeak-ng)');

// Spurgeon, Faith's Checkbook (1888, public domain), as the demo reads it.
const SENTENCE =
  'This is the first promise to fallen man. It contains the whole gospel, and the essence of the covenant of grace. ' +
  'It has been in great measure fulfilled. The seed of the woman, even our Lord Jesus, was bruised in his heel, ' +
  'and a terrible bruising it was.';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kerygma-speech-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!espeak)('spokenAudio (espeak-ng)', () => {
  it('reads a sentence into mono 44.1 kHz MP3, the same bytes every time', async () => {
    const [a, b] = [join(dir, 'a.mp3'), join(dir, 'b.mp3')];
    const options = { text: SENTENCE, languageCode: 'en', voice: 'low', seed: 1 } as const;
    await Promise.all([spokenAudio(a, options), spokenAudio(b, options)]);
    const info = await probe(a);
    expect(info.audioCodec).toBe('mp3');
    // 42 words at 160 wpm, with word gaps and lead-in: roughly 15 to 25 seconds.
    expect(info.durationSeconds).toBeGreaterThan(12);
    expect(info.durationSeconds).toBeLessThan(30);
    expect((await readFile(a)).equals(await readFile(b))).toBe(true);
  }, 60_000);

  it('speaks other languages, and says no for one it has no voice for', async () => {
    const file = join(dir, 'de.mp3');
    await spokenAudio(file, { text: 'Liebet einander. Das Buch Rut.', languageCode: 'de', voice: 'high', seed: 2 });
    expect((await probe(file)).durationSeconds).toBeGreaterThan(1);
    await expect(spokenAudio(file, { text: 'x', languageCode: 'km', voice: 'high', seed: 2 })).rejects.toThrow(
      /no voice/,
    );
  }, 60_000);

  it('gives a test-pattern video the speech as its soundtrack, cut to the video', async () => {
    const file = join(dir, 'video.mp4');
    await testPatternVideo(file, {
      seconds: 6,
      seed: 3,
      width: 160,
      height: 90,
      speech: { text: SENTENCE, languageCode: 'en' },
    });
    const info = await probe(file);
    expect(info.audioCodec).toBe('aac');
    expect(Math.abs(info.durationSeconds - 6)).toBeLessThan(0.2);
  }, 60_000);

  it.skipIf(!sphinx)(
    'is read back by PocketSphinx with most words right, in both voices',
    async () => {
      for (const voice of ['low', 'high'] as const) {
        const mp3 = join(dir, `${voice}.mp3`);
        const wav = join(dir, `${voice}.wav`);
        await spokenAudio(mp3, { text: SENTENCE, languageCode: 'en', voice, seed: 4 });
        await run('ffmpeg', ['-v', 'error', '-i', mp3, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-y', wav]);
        const { stdout } = await promisify(execFile)(SPHINX.binary, [
          ...['-infile', wav, '-hmm', SPHINX.hmm, '-lm', SPHINX.lm, '-dict', SPHINX.dict, '-logfn', '/dev/null'],
        ]);
        const { errors, words } = wordErrorRate(SENTENCE, stdout);
        const wer = errors / words;
        console.log(
          `[speech] PocketSphinx word error rate, ${voice} voice: ${(wer * 100).toFixed(0)}% («${stdout.trim()}»)`,
        );
        expect(wer).toBeLessThan(0.6);
      }
    },
    120_000,
  );
});
