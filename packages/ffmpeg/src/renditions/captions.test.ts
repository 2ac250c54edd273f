import { describe, expect, it } from 'vitest';
import {
  captionFormat,
  captionsToVtt,
  formatVtt,
  formatVttTime,
  parseCaptions,
  parseCueTime,
  parseSrt,
  parseVtt,
} from './captions.ts';

const SRT = `1
00:00:01,000 --> 00:00:04,250
In the beginning was the Word,

2
00:00:04,500 --> 00:00:08,000
and the Word was with God,
and the Word was God.

3
01:02:03,004 --> 01:02:05,000
<i>John 1:1</i>
`;

describe('parseCueTime', () => {
  it('reads SRT and WebVTT timestamps to milliseconds', () => {
    expect(parseCueTime('00:00:01,000')).toBe(1000);
    expect(parseCueTime('01:02:03,004')).toBe(3_723_004);
    expect(parseCueTime('01:02:03.004')).toBe(3_723_004);
    expect(parseCueTime('02:03.500')).toBe(123_500);
    expect(parseCueTime('100:00:00.000')).toBe(360_000_000);
    expect(parseCueTime(' 00:00:05,5 ')).toBe(5500);
    expect(parseCueTime('00:00:05')).toBe(5000);
  });

  it('turns anything unparseable into 0', () => {
    for (const bad of ['', 'soon', '00:00:xx,000', '1:2', '00:61:00,000', '00:00:01;000', '-00:00:01,000']) {
      expect(parseCueTime(bad)).toBe(0);
    }
  });
});

describe('parseSrt', () => {
  it('parses numbered cues with multi-line text', () => {
    expect(parseSrt(SRT)).toEqual([
      { id: '1', startTime: 1, endTime: 4.25, text: 'In the beginning was the Word,' },
      { id: '2', startTime: 4.5, endTime: 8, text: 'and the Word was with God,\nand the Word was God.' },
      { id: '3', startTime: 3723.004, endTime: 3725, text: '<i>John 1:1</i>' },
    ]);
  });

  it('copes with CRLF, a BOM, extra blank lines, missing numbers and coordinates', () => {
    const text =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nOne\r\n\r\n\r\n\r\n' +
      '00:00:03,000 --> 00:00:04,000 X1:10 X2:20 Y1:5 Y2:9\r\nTwo\r\n';
    expect(parseSrt(text)).toEqual([
      { id: '1', startTime: 1, endTime: 2, text: 'One' },
      { id: '2', startTime: 3, endTime: 4, text: 'Two' },
    ]);
  });

  it('keeps a cue whose times are garbage, at 0', () => {
    expect(parseSrt('7\nlater --> 00:00:02,000\nHello\n')).toEqual([
      { id: '7', startTime: 0, endTime: 2, text: 'Hello' },
    ]);
  });

  it('ignores blocks without a timing line', () => {
    expect(parseSrt('just some text\n\n\n')).toEqual([]);
  });
});

describe('parseVtt', () => {
  it('skips the header, NOTE, STYLE and REGION blocks and drops cue settings', () => {
    const text = `WEBVTT - Sermon captions
Kind: captions
Language: en

STYLE
::cue { color: yellow }

NOTE this is a comment

intro
00:01.000 --> 00:04.000 align:start line:0
Grace to you

00:00:05.000 --> 00:00:07.500
<v Pastor>and peace</v>
`;
    expect(parseVtt(text)).toEqual([
      { id: 'intro', startTime: 1, endTime: 4, text: 'Grace to you' },
      { id: '2', startTime: 5, endTime: 7.5, text: '<v Pastor>and peace</v>' },
    ]);
  });

  it('reads a cue put straight under the signature', () => {
    expect(parseVtt('WEBVTT\n00:00.000 --> 00:01.000\nHi\n')).toEqual([
      { id: '1', startTime: 0, endTime: 1, text: 'Hi' },
    ]);
  });
});

describe('captionFormat / parseCaptions', () => {
  it('detects the format by the WEBVTT signature', () => {
    expect(captionFormat('WEBVTT\n\n')).toBe('vtt');
    expect(captionFormat('\uFEFFWEBVTT\r\n')).toBe('vtt');
    expect(captionFormat('WEBVTT')).toBe('vtt');
    expect(captionFormat('WEBVTTX\n')).toBe('srt');
    expect(captionFormat(SRT)).toBe('srt');
    expect(parseCaptions(SRT)).toHaveLength(3);
  });
});

describe('formatVtt', () => {
  it('formats times with hours and milliseconds', () => {
    expect(formatVttTime(0)).toBe('00:00:00.000');
    expect(formatVttTime(3723.004)).toBe('01:02:03.004');
    expect(formatVttTime(59.9996)).toBe('00:01:00.000');
    expect(formatVttTime(-1)).toBe('00:00:00.000');
    expect(formatVttTime(Number.NaN)).toBe('00:00:00.000');
  });

  it('writes SRT as WebVTT that parses back to the same cues', () => {
    const vtt = captionsToVtt(SRT);
    expect(vtt).toBe(`WEBVTT

1
00:00:01.000 --> 00:00:04.250
In the beginning was the Word,

2
00:00:04.500 --> 00:00:08.000
and the Word was with God,
and the Word was God.

3
01:02:03.004 --> 01:02:05.000
<i>John 1:1</i>
`);
    expect(parseVtt(vtt)).toEqual(parseSrt(SRT));
  });

  it('keeps text from breaking the cue structure', () => {
    const vtt = formatVtt([
      {
        id: 'a --> b',
        startTime: 1,
        endTime: 2,
        text: '{\\an8}<font color="#ffff00">Faith & works</font>\n\n  x --> y  \n1 < 2 <b>bold</b>',
      },
    ]);
    expect(vtt).toBe(
      'WEBVTT\n\na → b\n00:00:01.000 --> 00:00:02.000\nFaith &amp; works\nx → y\n1 &lt; 2 <b>bold</b>\n',
    );
    expect(parseVtt(vtt)).toHaveLength(1);
  });

  it('writes an empty file for no cues', () => {
    expect(formatVtt([])).toBe('WEBVTT\n');
    expect(parseVtt(formatVtt([]))).toEqual([]);
  });
});
