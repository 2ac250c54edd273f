import { describe, expect, it } from 'vitest';
import { masterPlaylist, parseMediaPlaylist } from './hls.ts';

describe('parseMediaPlaylist', () => {
  it('reads the init segment, segment durations and the end marker', () => {
    const parsed = parseMediaPlaylist(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-TARGETDURATION:6',
        '#EXT-X-PLAYLIST-TYPE:VOD',
        '#EXT-X-MAP:URI="video-high-init.mp4"',
        '#EXTINF:6.000000,',
        'video-high-00000.m4s',
        '#EXTINF:2.5,',
        'video-high-00001.m4s',
        '#EXT-X-ENDLIST',
        '',
      ].join('\r\n'),
    );
    expect(parsed).toEqual({
      initUri: 'video-high-init.mp4',
      targetDurationSeconds: 6,
      endList: true,
      segments: [
        { uri: 'video-high-00000.m4s', durationSeconds: 6 },
        { uri: 'video-high-00001.m4s', durationSeconds: 2.5 },
      ],
    });
  });

  it('rejects text that is not a playlist', () => {
    expect(() => parseMediaPlaylist('hello')).toThrow(/EXTM3U/);
  });
});

describe('masterPlaylist', () => {
  it('lists variants highest first with a shared audio group', () => {
    const text = masterPlaylist(
      [
        {
          uri: 'video-low.m3u8',
          bandwidth: 700_000,
          averageBandwidth: 650_000,
          codecs: 'avc1.64001e,mp4a.40.2',
          width: 640,
          height: 360,
          frameRate: 29.97,
        },
        {
          uri: 'video-1080p.m3u8',
          bandwidth: 4_000_000,
          averageBandwidth: 3_560_000,
          codecs: 'avc1.640028,mp4a.40.2',
          width: 1920,
          height: 1080,
          frameRate: 29.97,
        },
      ],
      { uri: 'audio.m3u8', groupId: 'audio', name: 'Sermon', channels: 1 },
    );
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:7',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '',
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Sermon",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="1",URI="audio.m3u8"',
        '',
        '#EXT-X-STREAM-INF:BANDWIDTH=4000000,AVERAGE-BANDWIDTH=3560000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1920x1080,FRAME-RATE=29.970,AUDIO="audio"',
        'video-1080p.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=700000,AVERAGE-BANDWIDTH=650000,CODECS="avc1.64001e,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=29.970,AUDIO="audio"',
        'video-low.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('omits the audio group for silent video', () => {
    const text = masterPlaylist([
      { uri: 'v.m3u8', bandwidth: 1, averageBandwidth: 1, codecs: 'avc1.64001f', width: 2, height: 2, frameRate: null },
    ]);
    expect(text).not.toContain('EXT-X-MEDIA');
    expect(text).not.toContain('AUDIO=');
    expect(text).not.toContain('FRAME-RATE');
  });
});
