import { access } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { TranscriptSegment } from '@kerygma/domain/contracts/transcripts';
import { SERMON_LANGUAGES } from '@kerygma/domain/languages';
import { round, type SpeechEngine } from './engine.ts';

/**
 * whisper.cpp through its Node binding, an optional dependency (prebuilt binaries for Linux,
 * macOS and Windows): loaded only when WHISPER_MODEL names a ggml model file, so a site without
 * it neither needs the package nor pays for loading it.
 */
export const WHISPER_PACKAGE = '@fugood/whisper.node';

/** The part of the binding this uses (its types come with the package, absent at build time). */
type WhisperContext = {
  transcribeFile(
    file: string,
    options: { language?: string; maxThreads?: number; temperature?: number },
  ): {
    stop: () => Promise<void>;
    promise: Promise<{ segments: { text: string; t0: number; t1: number }[]; isAborted: boolean }>;
  };
};
type WhisperBinding = { initWhisper(options: { filePath: string; useGpu?: boolean }): Promise<WhisperContext> };

/** Why whisper is not available, or the engine. */
export type WhisperLoad = { engine: SpeechEngine } | { problem: string };

/** Whisper's segments (t0, t1 in hundredths of a second) as ours, empty ones left out. */
export function whisperSegments(segments: readonly { text: string; t0: number; t1: number }[]): TranscriptSegment[] {
  return segments.flatMap((s) => {
    const text = s.text.trim();
    return text ? [{ start: round(s.t0 / 100), end: round(s.t1 / 100), text }] : [];
  });
}

/**
 * The engine of the model at `modelFile`, through the binding (`load` imports it); the model is
 * read at the first transcription.
 * An English-only model (`*.en.bin`) transcribes English; a multilingual one every sermon language.
 */
export async function whisperEngine(
  modelFile: string,
  load: () => Promise<WhisperBinding> = () => import(/* @vite-ignore */ WHISPER_PACKAGE) as Promise<WhisperBinding>,
): Promise<WhisperLoad> {
  if (
    !(await access(modelFile).then(
      () => true,
      () => false,
    ))
  ) {
    return { problem: `WHISPER_MODEL ${modelFile} does not exist` };
  }
  let binding: WhisperBinding;
  try {
    binding = await load();
  } catch {
    return { problem: `the package ${WHISPER_PACKAGE} is not installed (pnpm add ${WHISPER_PACKAGE})` };
  }
  // Loaded at the first transcription: a web process only asks which languages it has.
  let context: Promise<WhisperContext> | undefined;
  const loadContext = () => {
    context ??= binding.initWhisper({ filePath: modelFile, useGpu: false }).catch((error: Error) => {
      context = undefined;
      throw new Error(`the whisper model ${modelFile} did not load: ${error.message}`);
    });
    return context;
  };
  const englishOnly = /\.en(\.|-|$)/.test(path.basename(modelFile));
  // One job's recognition leaves a core to the site and to a second job.
  const maxThreads = Math.max(1, availableParallelism() - 1);
  return {
    engine: {
      name: 'whisper',
      languages: new Set(englishOnly ? ['en'] : SERMON_LANGUAGES.map((l) => l.languageCode)),
      async transcribe(wavFile, languageCode, signal) {
        const whisper = await loadContext();
        signal.throwIfAborted();
        const { stop, promise } = whisper.transcribeFile(wavFile, {
          language: languageCode,
          maxThreads,
          temperature: 0,
        });
        const onAbort = () => void stop();
        signal.addEventListener('abort', onAbort, { once: true });
        try {
          const result = await promise;
          signal.throwIfAborted();
          return whisperSegments(result.segments);
        } finally {
          signal.removeEventListener('abort', onAbort);
        }
      },
    },
  };
}
