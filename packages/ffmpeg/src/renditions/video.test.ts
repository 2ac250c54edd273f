import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotMediaError, probe, probePicture } from '../probe.ts';
import { FfmpegError, run } from '../run.ts';
import { speechLikeAudio, testPatternVideo } from '../synth.ts';
import { parseMediaPlaylist } from './hls.ts';
import { ssimAgainst } from './quality.ts';
import {
  avc1Codec,
  displaySize,
  ladderFrameRate,
  planLadder,
  type VideoRenditions,
  videoLadderCommand,
  videoRenditions,
} from './video.ts';

let dir: string;
let source: string;
let result: VideoRenditions;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kerygma-video-renditions-'));
  source = join(dir, 'source.mp4');
  // 720p: the 1080p rung must be skipped (no upscaling).
  await testPatternVideo(source, { seconds: 5, seed: 3, width: 1280, height: 720 });
  result = await videoRenditions(source, join(dir, 'out'), {
    trimStartSeconds: 1,
    thumbPositionSeconds: 2,
    segmentSeconds: 2,
    thumbnailSizes: [
      { width: 96, height: 54 },
      { width: 360, height: 203 },
      { width: 640, height: 360 },
    ],
  });
}, 90_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('videoRenditions', () => {
  it('encodes the rungs that fit, trimmed, with segments aligned across rungs', () => {
    expect(result.durationSeconds).toBeCloseTo(4, 1);
    expect(result.rungs.map((r) => [r.name, r.width, r.height])).toEqual([
      ['high', 1280, 720],
      ['low', 640, 360],
    ]);
    const grids = result.rungs.map((r) => r.hls.segments.length);
    expect(grids).toEqual([2, 2]);
    for (const rung of result.rungs) {
      expect(Math.abs(rung.hls.durationSeconds - 4)).toBeLessThan(0.1);
      expect(rung.codecs).toMatch(/^avc1\.6400[0-9a-f]{2}$/);
      expect(rung.frameRate).toBe(25);
    }
  });

  it('writes MP4 downloads with the video and the AAC soundtrack', async () => {
    for (const rung of result.rungs) {
      expect(rung.mp4.path).toBe(join(dir, 'out', `video/${rung.name}.mp4`));
      const info = await probe(rung.mp4.path);
      expect(info).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: rung.width, height: rung.height });
      expect(Math.abs(info.durationSeconds - 4)).toBeLessThan(0.15);
    }
  });

  it('writes a master playlist over the rungs and the shared audio group', async () => {
    const master = await readFile(result.master, 'utf8');
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio".*URI="audio\.m3u8"/);
    const uris = master.split('\n').filter((l) => l.endsWith('.m3u8') && !l.startsWith('#'));
    expect(uris).toEqual(['video-high.m3u8', 'video-low.m3u8']);
    expect(master).toContain('RESOLUTION=1280x720');
    expect(master).toMatch(/CODECS="avc1\.6400[0-9a-f]{2},mp4a\.40\.2"/);
    const audio = parseMediaPlaylist(await readFile(join(dir, 'out', 'hls', 'audio.m3u8'), 'utf8'));
    expect(audio.segments.length).toBeGreaterThanOrEqual(2);
  });

  it('extracts the audio renditions from the soundtrack', () => {
    expect(result.audio).not.toBeNull();
    expect(Math.abs((result.audio?.high.durationSeconds ?? 0) - 4)).toBeLessThan(0.15);
    expect(result.audio?.waveform.peaks.length).toBeGreaterThan(70);
  });

  it('takes the thumbnail at the position after the trim', async () => {
    expect(result.thumbnail).toMatchObject({ width: 1280, height: 720, positionSeconds: 2 });
    const bytes = await readFile(result.thumbnail.path);
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('writes the WebP thumbnails beside the JPEG, of the same frame, each at its size', async () => {
    expect(result.thumbnail.webp.map((w) => w.path)).toEqual(
      [96, 360, 640].map((w) => join(dir, 'out', `video/thumbnail-${w}.webp`)),
    );
    for (const w of result.thumbnail.webp) {
      expect(await probePicture(w.path), w.path).toEqual({ codec: 'webp', width: w.width, height: w.height });
    }
    // The same frame as the JPEG: the 640 WebP matches the JPEG scaled to its size.
    const [score] = await ssimAgainst(result.thumbnail.path, [
      { file: join(dir, 'out', 'video/thumbnail-640.webp'), width: 640, height: 360 },
    ]);
    expect(score?.all).toBeGreaterThan(0.98); // a frame 0.5 s away scores 0.85
  });

  it('keeps the picture close to the source (SSIM)', async () => {
    const scores = await ssimAgainst(
      source,
      result.rungs.map((r) => ({ file: r.mp4.path, width: r.width, height: r.height })),
      { referenceTrimSeconds: 1, everyNthFrame: 5 },
    );
    expect(scores).toHaveLength(2);
    // A misaligned trim would drop these far lower.
    for (const s of scores) expect(s.all).toBeGreaterThan(0.9);
  });

  it('rejects input without video', async () => {
    const audioOnly = join(dir, 'speech.mp3');
    await speechLikeAudio(audioOnly, { seconds: 1, seed: 1 });
    await expect(videoRenditions(audioOnly, join(dir, 'x'))).rejects.toBeInstanceOf(NotMediaError);
  });

  it('rejects with the ladder’s own error when the ladder fails', async () => {
    const broken = [{ name: 'low' as const, height: 360, bitrateKbps: 600, preset: 'no-such-preset' }];
    const started = Date.now();
    const failure = await videoRenditions(source, join(dir, 'broken'), { ladder: broken }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(FfmpegError);
    expect((failure as FfmpegError).stderrTail).toMatch(/preset/i);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('handles video without a soundtrack', async () => {
    const silent = join(dir, 'silent.mp4');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=1', '-y', silent]);
    const r = await videoRenditions(silent, join(dir, 'silent'));
    expect(r.audio).toBeNull();
    expect(r.rungs.map((x) => [x.name, x.width, x.height])).toEqual([['low', 320, 240]]);
    const master = await readFile(r.master, 'utf8');
    expect(master).not.toContain('EXT-X-MEDIA');
    expect((await probe(r.rungs[0]?.mp4.path ?? '')).hasAudio).toBe(false);
  });
});

describe('planLadder', () => {
  const sizes = (width: number, height: number, rotation = 0) =>
    planLadder({ width, height, rotation }).map((r) => `${r.name} ${r.width}x${r.outHeight}`);

  it('never upscales', () => {
    expect(sizes(1920, 1080)).toEqual(['1080p 1920x1080', 'high 1280x720', 'low 640x360']);
    expect(sizes(3840, 2160)).toEqual(['1080p 1920x1080', 'high 1280x720', 'low 640x360']);
    expect(sizes(1280, 720)).toEqual(['high 1280x720', 'low 640x360']);
    expect(sizes(1000, 700)).toEqual(['low 514x360']);
  });

  it('keeps the aspect ratio with even sizes', () => {
    expect(sizes(1440, 1080)).toEqual(['1080p 1440x1080', 'high 960x720', 'low 480x360']);
    expect(sizes(1920, 800)).toEqual(['high 1728x720', 'low 864x360']);
  });

  it('gives portrait video the same ladder on its short side', () => {
    expect(sizes(1080, 1920)).toEqual(['1080p 1080x1920', 'high 720x1280', 'low 360x640']);
    // Coded landscape with a 90° rotation displays as portrait.
    expect(sizes(1920, 1080, 90)).toEqual(['1080p 1080x1920', 'high 720x1280', 'low 360x640']);
    expect(displaySize({ width: 1920, height: 1080, rotation: 270 })).toEqual({ width: 1080, height: 1920 });
  });

  it('encodes a tiny source once, at its own size', () => {
    expect(sizes(320, 240)).toEqual(['low 320x240']);
    expect(sizes(427, 241)).toEqual(['low 428x242']);
  });
});

describe('ladderFrameRate', () => {
  it('halves rates above 30', () => {
    expect(ladderFrameRate(60000 / 1001)).toBeCloseTo(30000 / 1001, 6);
    expect(ladderFrameRate(50)).toBe(25);
    expect(ladderFrameRate(120)).toBe(30);
    expect(ladderFrameRate(30)).toBe(30);
    expect(ladderFrameRate(24)).toBe(24);
    expect(ladderFrameRate(null)).toBeNull();
  });
});

describe('videoLadderCommand', () => {
  it('decodes once and feeds every rung from one split, keyframes on the segment grid', () => {
    const rungs = planLadder({ width: 1920, height: 1080, rotation: 0 });
    const args = videoLadderCommand('/in.mp4', '/out', rungs, { trimStartSeconds: 30, sourceFrameRate: 59.94 });
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(args.join(' ')).toContain('-ss 30 -i /in.mp4');
    const graph = args[args.indexOf('-filter_complex') + 1] ?? '';
    expect(graph).toMatch(/^\[0:v:0\]fps=29\.97\d*,format=yuv420p,split=3/);
    expect(graph).toContain('[s2]scale=640:360:flags=bicubic[v2]');
    expect(args.filter((a) => a === 'libx264')).toHaveLength(3);
    expect(args.join(' ')).toContain('-g 180 -force_key_frames expr:gte(t,n_forced*6)');
    expect(args).toContain('/out/hls/video-1080p.m3u8');
  });

  it('needs no split for a single rung', () => {
    const rungs = planLadder({ width: 320, height: 240, rotation: 0 });
    const args = videoLadderCommand('/in.mp4', '/out', rungs, { sourceFrameRate: 25 });
    expect(args[args.indexOf('-filter_complex') + 1]).toBe(
      '[0:v:0]fps=25,format=yuv420p,scale=320:240:flags=bicubic[v0]',
    );
    expect(args.join(' ')).toContain('-g 150 ');
  });
});

describe('avc1Codec', () => {
  it('builds RFC 6381 strings', () => {
    expect(avc1Codec('High', 40)).toBe('avc1.640028');
    expect(avc1Codec('Main', 31)).toBe('avc1.4d001f');
    expect(avc1Codec('Baseline', 30)).toBe('avc1.42001e');
  });
});
