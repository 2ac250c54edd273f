import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { wordErrorRate } from '@kerygma/domain/word-error-rate';
import { describe, expect, it } from 'vitest';
import { POCKETSPHINX, pocketsphinxEngine } from './pocketsphinx.ts';

/** LibriVox clips with their reference transcription: Debian's package pocketsphinx-testdata. */
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const installed = Object.values(POCKETSPHINX).every((f) => existsSync(f)) && existsSync(`${LIBRIVOX}/transcription`);
if (!installed) {
  console.warn('PocketSphinx tests skipped: install pocketsphinx, pocketsphinx-en-us and pocketsphinx-testdata');
}

/** `<s> words </s> (clip)` lines of the reference file. */
function references(): { clip: string; text: string }[] {
  return readFileSync(`${LIBRIVOX}/transcription`, 'utf8')
    .split('\n')
    .flatMap((line) => {
      const m = /^<s> (.*) <\/s> \((\S+)\)$/.exec(line.trim());
      return m ? [{ clip: path.join(LIBRIVOX, `${m[2]}.wav`), text: m[1] as string }] : [];
    });
}

describe.skipIf(!installed)('the PocketSphinx engine on LibriVox recordings', () => {
  const signal = new AbortController().signal;

  it('transcribes them with fewer than 45% of the words wrong (about 31% measured), the same each time', async () => {
    const engine = await pocketsphinxEngine();
    if (!engine) throw new Error('pocketsphinx not found');
    expect(engine.languages).toEqual(new Set(['en']));
    let errors = 0;
    let words = 0;
    const texts: string[] = [];
    for (const { clip, text } of references()) {
      const segments = await engine.transcribe(clip, 'en', signal);
      for (const s of segments) expect(s.end).toBeGreaterThan(s.start);
      const said = segments.map((s) => s.text).join(' ');
      texts.push(said);
      const wer = wordErrorRate(text, said);
      errors += wer.errors;
      words += wer.words;
    }
    expect(words).toBeGreaterThan(50);
    expect(errors / words).toBeLessThan(0.45);
    // Deterministic: the same recording gives the same text.
    const again = await engine.transcribe(references()[0]?.clip as string, 'en', signal);
    expect(again.map((s) => s.text).join(' ')).toBe(texts[0]);
  }, 120_000);

  it('stops when its job is stopped', async () => {
    const engine = await pocketsphinxEngine();
    const controller = new AbortController();
    const running = engine?.transcribe(references()[0]?.clip as string, 'en', controller.signal);
    controller.abort(new Error('stopping'));
    await expect(running).rejects.toThrow();
  });
});

describe('word error rate', () => {
  it('counts substitutions, deletions and insertions over the reference words', () => {
    expect(wordErrorRate('he was not an ill disposed young man', 'He was not an illness, those young man.')).toEqual({
      errors: 2,
      words: 8,
    });
    expect(wordErrorRate('grace to you', 'grace to you')).toEqual({ errors: 0, words: 3 });
  });
});
