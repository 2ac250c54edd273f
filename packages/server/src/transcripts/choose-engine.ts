import type { SpeechEngine } from './engine.ts';
import { pocketsphinxEngine } from './pocketsphinx.ts';
import { whisperEngine } from './whisper.ts';

/** The part of a pino logger this uses. */
export type EngineLog = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

export const NO_ENGINE =
  'no speech-to-text engine: automatic transcripts are off; install pocketsphinx (Debian/Ubuntu: apt-get install ' +
  'pocketsphinx pocketsphinx-en-us) or set WHISPER_MODEL';

export type EngineChoice = {
  /** TRANSCRIPTS: 'off' never transcribes. */
  mode: 'auto' | 'off';
  /** WHISPER_MODEL: a ggml model file. */
  whisperModel: string | undefined;
};

/**
 * Start-up: the engine this process transcribes with, with one log line saying which (or why
 * none). Whisper when WHISPER_MODEL is set and loads, else PocketSphinx when installed.
 */
export async function chooseEngine(choice: EngineChoice, log: EngineLog): Promise<SpeechEngine | null> {
  if (choice.mode === 'off') {
    log.info({}, 'automatic transcripts are off (TRANSCRIPTS=off)');
    return null;
  }
  if (choice.whisperModel) {
    const loaded = await whisperEngine(choice.whisperModel);
    if ('engine' in loaded) {
      log.info({ model: choice.whisperModel }, 'speech-to-text: whisper.cpp');
      return loaded.engine;
    }
    log.warn({}, `whisper.cpp is not available: ${loaded.problem}`);
  }
  const sphinx = await pocketsphinxEngine();
  if (sphinx) {
    log.info({}, 'speech-to-text: PocketSphinx (English; its transcripts are drafts until a manager publishes them)');
    return sphinx;
  }
  log.warn({}, NO_ENGINE);
  return null;
}
