import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotMediaError, probe } from '../probe.ts';
import { run } from '../run.ts';
import { speechLikeAudio } from '../synth.ts';
import { normalisedPeaks, waveformPeaks } from '../waveform.ts';
import {
  AUDIO_FILES,
  type AudioRenditions,
  audioRenditionCommands,
  audioRenditions,
  PLAYABLE_COPY_FILE,
  playableCopy,
  trimmedDuration,
} from './audio.ts';
import { parseMediaPlaylist } from './hls.ts';

let dir: string;
let speech: string;
let result: AudioRenditions;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kerygma-audio-renditions-'));
  speech = join(dir, 'speech.mp3');
  await speechLikeAudio(speech, { seconds: 9, seed: 5 });
  result = await audioRenditions(speech, join(dir, 'out'), {
    trimStartSeconds: 1.5,
    hlsSegmentSeconds: 3,
    tags: { title: 'The Word Made Flesh', artist: 'A. Preacher' },
  });
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('audioRenditions', () => {
  it('writes high and low MP3s at their bitrates, mono, trimmed', () => {
    expect(result.durationSeconds).toBeCloseTo(7.5, 1);
    expect(result.high).toMatchObject({ sampleRate: 44_100, channels: 1 });
    expect(result.low).toMatchObject({ sampleRate: 22_050, channels: 1 });
    expect(result.high.path).toBe(join(dir, 'out', AUDIO_FILES.high));
    for (const file of [result.high, result.low]) expect(Math.abs(file.durationSeconds - 7.5)).toBeLessThan(0.15);
    expect(Math.abs(result.high.bitrate - 96_000)).toBeLessThan(3000);
    expect(Math.abs(result.low.bitrate - 32_000)).toBeLessThan(1500);
    expect(result.high.sizeBytes).toBeGreaterThan(result.low.sizeBytes * 2.5);
  });

  it('writes a VOD AAC HLS stream in fMP4 segments', async () => {
    const { hls } = result;
    expect(hls.codecs).toBe('mp4a.40.2');
    expect(hls.segments).toHaveLength(3);
    expect(hls.initSegment).toBe(join(dir, 'out', AUDIO_FILES.hlsInit));
    expect(Math.abs(hls.durationSeconds - 7.5)).toBeLessThan(0.15);
    expect(hls.averageBitrate).toBeGreaterThan(40_000);
    expect(hls.averageBitrate).toBeLessThan(80_000);
    const playlist = await readFile(hls.playlist, 'utf8');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(parseMediaPlaylist(playlist).endList).toBe(true);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,channels,sample_rate',
      '-of',
      'json',
      hls.playlist,
    ]);
    expect(JSON.parse(stdout.toString()).streams).toEqual([{ codec_name: 'aac', channels: 1, sample_rate: '44100' }]);
  });

  it('computes the same waveform as a separate decode would', async () => {
    const { peaks, path } = result.waveform;
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(peaks);
    // 20 points per second of 7.5 s.
    expect(peaks.length).toBeGreaterThanOrEqual(149);
    expect(peaks.length).toBeLessThanOrEqual(151);
    const separate = await waveformPeaks(result.high.path, { durationSeconds: result.durationSeconds });
    const a = normalisedPeaks(peaks);
    const b = normalisedPeaks(separate);
    const n = Math.min(a.length, b.length) - 2;
    let diff = 0;
    for (let i = 0; i < n; i++) diff += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
    // The MP3 round trip shifts samples a little; the envelope stays the same.
    expect(diff / n).toBeLessThan(0.08);
    expect(Math.max(...a)).toBeGreaterThan(0.3);
  });

  it('replaces the upload’s tags with the given ones', async () => {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format_tags=title,artist',
      '-of',
      'json',
      result.high.path,
    ]);
    expect(JSON.parse(stdout.toString()).format.tags).toEqual({ title: 'The Word Made Flesh', artist: 'A. Preacher' });
  });

  it('rejects input without audio', async () => {
    const silentVideo = join(dir, 'silent.mp4');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=64x64:d=1', '-y', silentVideo]);
    await expect(audioRenditions(silentVideo, join(dir, 'silent'))).rejects.toBeInstanceOf(NotMediaError);
  });

  it('rejects a trim past the end', async () => {
    await expect(audioRenditions(speech, join(dir, 'x'), { trimStartSeconds: 30 })).rejects.toBeInstanceOf(RangeError);
  });
});

describe('playableCopy', () => {
  it('copies an MP3 upload’s stream, not re-encoded, with the given tags', async () => {
    const copy = await playableCopy(speech, join(dir, 'copy'), { tags: { title: 'The Word Made Flesh' } });
    const source = await probe(speech);
    expect(copy?.path).toBe(join(dir, 'copy', PLAYABLE_COPY_FILE));
    expect(copy?.durationSeconds).toBeCloseTo(source.durationSeconds, 1);
    // The same frames: the bitrate of the upload, not of a rendition.
    expect(copy?.bitrate).toBeCloseTo(source.bitrate ?? 0, -3);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format_tags=title',
      '-of',
      'json',
      copy?.path ?? '',
    ]);
    expect(JSON.parse(stdout.toString()).format.tags).toEqual({ title: 'The Word Made Flesh' });
  });

  it('makes nothing of audio that is not MP3', async () => {
    const aac = join(dir, 'sermon.m4a');
    await run('ffmpeg', ['-v', 'error', '-i', speech, '-c:a', 'aac', '-b:a', '64k', '-y', aac]);
    expect(await playableCopy(aac, join(dir, 'not-copied'))).toBeNull();
    await expect(readFile(join(dir, 'not-copied', PLAYABLE_COPY_FILE))).rejects.toThrow();
  });
});

describe('trimmedDuration', () => {
  it('subtracts the trim and refuses to trim everything', () => {
    expect(trimmedDuration(60, 10)).toBe(50);
    expect(trimmedDuration(60)).toBe(60);
    expect(() => trimmedDuration(60, 60)).toThrow(RangeError);
    expect(() => trimmedDuration(60, -1)).toThrow(RangeError);
  });
});

describe('audioRenditionCommands', () => {
  it('splits the work: decode and AAC in one process, MP3s and peaks in the other', () => {
    const plan = audioRenditionCommands('/in/sermon.m4a', '/out', 3600, { trimStartSeconds: 12.5 });
    const decoder = plan.decoder.join(' ');
    const encoder = plan.encoder.join(' ');
    expect(decoder).toContain('-ss 12.5 -i /in/sermon.m4a');
    expect(decoder).toContain('-c:a aac -aac_coder fast -b:a 64k');
    expect(decoder).toMatch(/-c:a pcm_f32le -f f32le -ar 44100 -ac 1 pipe:1$/);
    expect(decoder).not.toContain('libmp3lame');
    expect(encoder).toContain('-i pipe:0');
    expect(encoder.match(/libmp3lame/g)).toHaveLength(2);
    expect(encoder).toContain('/out/audio/high.mp3');
    expect(encoder).toContain('/out/audio/low.mp3');
    expect(encoder).toMatch(/-f s16le pipe:1$/);
    // A 60-minute file gets the 2000-point cap.
    expect(plan.samplesPerPixel).toBe(14_400);
  });
});
