import { describe, expect, it } from 'vitest';
import { FfmpegError, type PipelineStep, run, runPipeline } from './run.ts';

/** `seconds` of silent 8 kHz mono input (as `-t`: anullsrc's own duration option came with ffmpeg 4.2). */
const nullAudio = (seconds: number) => ['-f', 'lavfi', '-t', String(seconds), '-i', 'anullsrc=r=8000:cl=mono'];

describe('run', () => {
  it('returns stdout of a successful run', async () => {
    const { stdout } = await run('ffprobe', ['-version']);
    expect(stdout.toString()).toMatch(/^ffprobe version/);
  });

  it('streams stdout to onStdout instead of buffering', async () => {
    let bytes = 0;
    const { stdout } = await run('ffmpeg', ['-v', 'error', ...nullAudio(1), '-f', 's16le', 'pipe:1'], {
      onStdout: (chunk) => (bytes += chunk.length),
    });
    expect(bytes).toBe(16000);
    expect(stdout.length).toBe(0);
  });

  it('rejects with the stderr tail on a non-zero exit', async () => {
    const error = await run('ffmpeg', ['-v', 'error', '-i', '/nonexistent/input.mp3']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).exitCode).not.toBe(0);
    expect((error as FfmpegError).stderrTail).toMatch(/No such file/);
    expect((error as FfmpegError).message).toMatch(/No such file/);
  });

  it('reports a missing binary clearly', async () => {
    const error = await run('ffprobe', ['-version'], {
      ffprobePath: '/nonexistent/ffprobe',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).message).toMatch(/not found/);
  });

  it('kills the process when the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = run('ffmpeg', ['-v', 'error', '-re', ...nullAudio(30), '-f', 'null', '-'], {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 200);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('rejects at once with an already-aborted signal', async () => {
    await expect(run('ffprobe', ['-version'], { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('runPipeline', () => {
  const raw = ['-f', 's16le', '-ar', '8000', '-ac', '1'];
  const silence = (seconds: number): PipelineStep => ({
    tool: 'ffmpeg',
    args: ['-v', 'error', ...nullAudio(seconds), ...raw, 'pipe:1'],
  });

  it('pipes the producer into the consumer', async () => {
    const { stdout } = await runPipeline(silence(1), {
      tool: 'ffmpeg',
      args: ['-v', 'error', ...raw, '-i', 'pipe:0', '-f', 'wav', '-bitexact', 'pipe:1'],
    });
    expect(stdout.subarray(0, 4).toString()).toBe('RIFF');
    expect(stdout.length).toBe(44 + 16000);
  });

  it("reports the consumer's error, not the producer's broken pipe", async () => {
    const error = await runPipeline(silence(600), {
      tool: 'ffmpeg',
      args: ['-v', 'error', ...raw, '-i', 'pipe:0', '/nonexistent/dir/out.wav'],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).stderrTail).toMatch(/nonexistent/);
  });

  it("reports the producer's error when it fails", async () => {
    const error = await runPipeline(
      { tool: 'ffmpeg', args: ['-v', 'error', '-i', '/nonexistent/input.mp3', ...raw, 'pipe:1'] },
      { tool: 'ffmpeg', args: ['-v', 'error', ...raw, '-i', 'pipe:0', '-f', 'null', '-'] },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).stderrTail).toMatch(/input\.mp3: No such file/);
  });
});
