import { chmod, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedNames, locateFfmpeg, packagedBinaries } from './locate.ts';

const shipped = packagedBinaries();
let dir: string;
/** A PATH with nothing on it. */
let emptyPath: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kerygma-locate-'));
  emptyPath = join(dir, 'empty');
  await writeFile(join(dir, 'placeholder'), '');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A folder to put on PATH holding `files` (name → symlink target or script text). */
async function pathWith(name: string, files: Record<string, { link: string } | { script: string }>) {
  const folder = await mkdtemp(join(dir, `${name}-`));
  for (const [file, content] of Object.entries(files)) {
    if ('link' in content) await symlink(content.link, join(folder, file));
    else {
      await writeFile(join(folder, file), content.script);
      await chmod(join(folder, file), 0o755);
    }
  }
  return folder;
}

describe('locateFfmpeg', () => {
  it('finds neither when PATH has none and the npm packages are missing, and says what was tried', async () => {
    const found = await locateFfmpeg({ env: { PATH: emptyPath }, packaged: () => ({}) });
    expect(found).toEqual({
      ok: false,
      problems: [
        'ffmpeg: none on PATH; npm package @ffmpeg-installer/ffmpeg not installed for this platform',
        'ffprobe: none on PATH; npm package @ffprobe-installer/ffprobe not installed for this platform',
      ],
    });
  });

  it.skipIf(!shipped.ffmpeg || !shipped.ffprobe)('takes the npm packages’ binaries when PATH has none', async () => {
    const found = await locateFfmpeg({ env: { PATH: emptyPath } });
    expect(found).toMatchObject({
      ok: true,
      ffmpeg: { path: shipped.ffmpeg, source: 'npm package', passedOver: [] },
      ffprobe: { path: shipped.ffprobe, source: 'npm package' },
    });
  });

  it.skipIf(!shipped.ffmpeg || !shipped.ffprobe)('prefers the system’s binaries on PATH', async () => {
    const system = await pathWith('system', {
      ffmpeg: { link: shipped.ffmpeg as string },
      ffprobe: { link: shipped.ffprobe as string },
    });
    const found = await locateFfmpeg({ env: { PATH: `${emptyPath}:${system}` } });
    expect(found).toMatchObject({
      ok: true,
      ffmpeg: { path: join(system, 'ffmpeg'), source: 'PATH' },
      ffprobe: { path: join(system, 'ffprobe'), source: 'PATH' },
    });
  });

  it.skipIf(!shipped.ffmpeg)('passes over a system ffmpeg that lacks what the pipeline uses', async () => {
    // An ffmpeg built without x264 and most else (as some distributions ship it).
    const system = await pathWith('lacking', {
      ffmpeg: {
        script: [
          '#!/bin/sh',
          'case "$*" in',
          '  *-version*) echo "ffmpeg version 9.9-lacking" ;;',
          "  *-encoders*) printf 'Encoders:\\n ------\\n A..... aac   AAC\\n A..... libmp3lame  MP3\\n' ;;",
          "  *) printf ' ------\\n' ;;",
          'esac',
        ].join('\n'),
      },
    });
    const found = await locateFfmpeg({ env: { PATH: system } });
    if (!found.ok) throw new Error(found.problems.join('\n'));
    expect(found.ffmpeg.source).toBe('npm package');
    expect(found.ffmpeg.passedOver).toHaveLength(1);
    expect(found.ffmpeg.passedOver[0]).toMatch(
      new RegExp(
        `^${join(system, 'ffmpeg')} \\(9\\.9-lacking\\) lacks encoder libx264, encoder libwebp, .*filter hue$`,
      ),
    );
    expect(found.ffmpeg.passedOver[0]).not.toMatch(/encoder aac|libmp3lame/);
  });

  it('takes FFMPEG_PATH and FFPROBE_PATH as the only candidates when set', async () => {
    const found = await locateFfmpeg({
      env: { PATH: process.env.PATH, FFMPEG_PATH: join(dir, 'placeholder'), FFPROBE_PATH: join(dir, 'nothing') },
    });
    expect(found).toEqual({
      ok: false,
      problems: [
        `ffmpeg: FFMPEG_PATH ${join(dir, 'placeholder')} does not run (not executable)`,
        `ffprobe: FFPROBE_PATH ${join(dir, 'nothing')} does not run (not found)`,
      ],
    });
  });
});

describe('listedNames', () => {
  it('reads the name column after the dashes, splitting demuxer aliases', () => {
    const output = [
      'File formats:',
      ' D. = Demuxing',
      ' --',
      ' D  mov,mp4,m4a      QuickTime / MOV',
      '  E hls  Apple HTTP',
    ];
    expect([...listedNames(output.join('\n'))]).toEqual(['mov', 'mp4', 'm4a', 'hls']);
  });
});
