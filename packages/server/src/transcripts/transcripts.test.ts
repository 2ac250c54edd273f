import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSilences, planChunks } from './audio.ts';
import { chooseEngine, NO_ENGINE } from './choose-engine.ts';
import { shiftSegments } from './engine.ts';
import { parsePocketsphinx } from './pocketsphinx.ts';
import { whisperEngine, whisperSegments } from './whisper.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

/** Collects log lines. */
function logLines() {
  const lines: { level: string; msg: string }[] = [];
  return {
    lines,
    log: {
      info: (_: object, msg: string) => void lines.push({ level: 'info', msg }),
      warn: (_: object, msg: string) => void lines.push({ level: 'warn', msg }),
    },
  };
}

describe("PocketSphinx's output", () => {
  // Stored output of pocketsphinx_continuous -time yes on three LibriVox clips played one after another.
  const segments = parsePocketsphinx(fixture('pocketsphinx-output.txt'));

  it('becomes one segment per utterance, without markers, fillers or pronunciation variants', () => {
    expect(segments.map((s) => s.text)).toEqual([
      'and mr john s. would and then at leisure to consider how much there might be greatly in his power to do how about',
      'he was not until this blows young man',
      'less to be rather cold hearted and rather selfish is to be oldest those',
    ]);
    for (const s of segments) expect(s.text).not.toMatch(/<|\[|\(\d\)/);
  });

  it('keeps the words’ times: a segment runs from its first word’s start to its last word’s end', () => {
    expect(segments[0]).toMatchObject({ start: 0.15 });
    expect(segments[1]?.start).toBeGreaterThan(segments[0]?.end ?? Infinity);
    expect(segments.at(-1)?.end).toBeLessThanOrEqual(15.09);
  });

  it('cuts at a pause of 0.6 s and after 12 s of speech', () => {
    const words = (times: [number, number][]) =>
      times.map(([a, b], i) => `w${i}(2) ${a.toFixed(3)} ${b.toFixed(3)} 0.9`).join('\n');
    expect(
      parsePocketsphinx(
        words([
          [0, 0.5],
          [0.6, 1],
          [1.7, 2],
        ]),
      ).map((s) => s.text),
    ).toEqual(['w0 w1', 'w2']);
    const long = Array.from({ length: 30 }, (_, i): [number, number] => [i * 0.5, i * 0.5 + 0.45]);
    const cut = parsePocketsphinx(words(long));
    expect(cut.length).toBe(2);
    for (const s of cut) expect(s.end - s.start).toBeLessThanOrEqual(12);
  });
});

describe('chunks of a long recording', () => {
  it('are cut in the middle of the last silence before ten minutes', () => {
    const silences = [
      { start: 100, end: 101 },
      { start: 590, end: 592 },
      { start: 1000, end: 1001 },
    ];
    expect(planChunks(1500, silences)).toEqual([
      { start: 0, end: 591 },
      { start: 591, end: 1000.5 },
      { start: 1000.5, end: 1500 },
    ]);
  });

  it('are cut at ten minutes when there is no silence, and a short recording is one chunk', () => {
    expect(planChunks(1300, [])).toEqual([
      { start: 0, end: 600 },
      { start: 600, end: 1200 },
      { start: 1200, end: 1300 },
    ]);
    expect(planChunks(42, [])).toEqual([{ start: 0, end: 42 }]);
  });

  it("reads ffmpeg's silencedetect lines", () => {
    const text =
      'frame:56\nlavfi.silence_start=6.785\nframe:57\nlavfi.silence_end=7.366\nlavfi.silence_duration=0.58\n';
    expect(parseSilences(`${text}lavfi.silence_start=9.9\n`)).toEqual([{ start: 6.785, end: 7.366 }]);
  });

  it("moves a chunk's segments by its start", () => {
    expect(shiftSegments([{ start: 1, end: 2.5, text: 'Amen' }], 600)).toEqual([
      { start: 601, end: 602.5, text: 'Amen' },
    ]);
  });
});

describe('whisper.cpp', () => {
  it("turns whisper's hundredths of a second into seconds and drops empty segments", () => {
    expect(
      whisperSegments([
        { text: ' Grace to you.', t0: 0, t1: 250 },
        { text: ' ', t0: 250, t1: 300 },
      ]),
    ).toEqual([{ start: 0, end: 2.5, text: 'Grace to you.' }]);
  });

  it('is not available, with the reason, when the model file or the package is missing', async () => {
    expect(await whisperEngine('/nonexistent/ggml-base.bin')).toEqual({
      problem: 'WHISPER_MODEL /nonexistent/ggml-base.bin does not exist',
    });
    const model = path.join(mkdtempSync(path.join(tmpdir(), 'kerygma-whisper-')), 'ggml-base.en.bin');
    writeFileSync(model, 'not a model');
    const missing = await whisperEngine(model, () => Promise.reject(new Error('Cannot find package')));
    expect(missing).toEqual({ problem: expect.stringContaining('@fugood/whisper.node is not installed') });
  });

  it('off (TRANSCRIPTS=off) or with nothing installed: no engine, said in one line', async () => {
    const off = logLines();
    expect(await chooseEngine({ mode: 'off', whisperModel: undefined }, off.log)).toBeNull();
    expect(off.lines).toEqual([{ level: 'info', msg: 'automatic transcripts are off (TRANSCRIPTS=off)' }]);
    expect(NO_ENGINE).toMatch(
      /^no speech-to-text engine: automatic transcripts are off; install pocketsphinx .* or set WHISPER_MODEL$/,
    );
  });

  it.skipIf(!process.env.WHISPER_MODEL)(
    'loads the model WHISPER_MODEL names and transcribes speech',
    async () => {
      const loaded = await whisperEngine(process.env.WHISPER_MODEL as string);
      if (!('engine' in loaded)) throw new Error(loaded.problem);
      const clip = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav';
      const segments = await loaded.engine.transcribe(clip, 'en', new AbortController().signal);
      expect(
        segments
          .map((s) => s.text)
          .join(' ')
          .toLowerCase(),
      ).toContain('young man');
    },
    300_000,
  );
});
