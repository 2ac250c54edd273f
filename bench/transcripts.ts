import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { wordErrorRate } from '../packages/domain/src/word-error-rate.ts';
import { probe } from '../packages/ffmpeg/src/probe.ts';
import { run } from '../packages/ffmpeg/src/run.ts';
import type { SpeechEngine } from '../packages/server/src/transcripts/engine.ts';
import { pocketsphinxEngine } from '../packages/server/src/transcripts/pocketsphinx.ts';
import { whisperEngine } from '../packages/server/src/transcripts/whisper.ts';

/**
 * What automatic transcripts cost (issue 26): CPU seconds per second of audio of each engine
 * found (PocketSphinx when installed; whisper.cpp when WHISPER_MODEL names a model), on the
 * LibriVox clips of Debian's pocketsphinx-testdata played one after another `--repeat` times
 * (the model's loading shared out as in a ten-minute chunk), with the word error rate.
 *
 *   node bench/transcripts.ts [--repeat 3]
 */
const { values: args } = parseArgs({ options: { repeat: { type: 'string', default: '3' } } });
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

const refs = readFileSync(`${LIBRIVOX}/transcription`, 'utf8')
  .split('\n')
  .flatMap((line) => {
    const m = /^<s> (.*) <\/s> \((\S+)\)$/.exec(line.trim());
    return m ? [{ clip: path.join(LIBRIVOX, `${m[2]}.wav`), text: m[1] as string }] : [];
  });
const clips = Array.from({ length: Number(args.repeat) }, () => refs).flat();

/** CPU seconds used by this process and the children it has waited for (Linux /proc). */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime, stime, cutime, cstime: fields 14-17 of stat, in clock ticks (100 a second on Linux).
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

const dir = await mkdtemp(path.join(tmpdir(), 'kerygma-bench-transcripts-'));
try {
  const wav = path.join(dir, 'librivox.wav');
  const inputs = clips.flatMap((c) => ['-i', c.clip]);
  const filter = `${clips.map((_, i) => `[${i}]`).join('')}concat=n=${clips.length}:v=0:a=1`;
  await run('ffmpeg', ['-y', ...inputs, '-filter_complex', filter, '-ac', '1', '-ar', '16000', wav]);
  const seconds = (await probe(wav)).durationSeconds ?? 0;
  const engines: SpeechEngine[] = [];
  const sphinx = await pocketsphinxEngine();
  if (sphinx) engines.push(sphinx);
  else console.log('PocketSphinx: not installed');
  if (process.env.WHISPER_MODEL) {
    const loaded = await whisperEngine(process.env.WHISPER_MODEL);
    if ('engine' in loaded) engines.push(loaded.engine);
    else console.log(`whisper.cpp: ${loaded.problem}`);
  }
  for (const engine of engines) {
    const cpu = cpuSeconds();
    const started = performance.now();
    const segments = await engine.transcribe(wav, 'en', new AbortController().signal);
    const used = cpuSeconds() - cpu;
    const wall = (performance.now() - started) / 1000;
    const wer = wordErrorRate(clips.map((c) => c.text).join(' '), segments.map((s) => s.text).join(' '));
    console.log(
      `${engine.name}: ${seconds.toFixed(1)} s of audio, ${used.toFixed(1)} CPU s (${(used / seconds).toFixed(3)} per audio second), ` +
        `${wall.toFixed(1)} s wall, ${segments.length} segments, word error rate ${((wer.errors / wer.words) * 100).toFixed(1)}%`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
