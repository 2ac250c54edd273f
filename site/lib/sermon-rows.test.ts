import type { LiteSermon } from '@kerygma/domain/catalogue';
import { englishMessages, getTranslator, translator } from '@kerygma/i18n/t';
import { describe, expect, it } from 'vitest';
import { sermonRowsHtml, shownSubtitle } from './sermon-rows.ts';

const t = translator(englishMessages);
const context = { t, href: (path: string) => `/de${path}`, lang: 'de' };
const all = { showSpeaker: true, showBroadcaster: true, showSeries: true };

// Only the fields a row shows; the rest of a LiteSermon does not matter here.
const sermon = (fields: Partial<LiteSermon>) =>
  ({
    sermonID: '123',
    displayTitle: 'Grace & <Truth>',
    subtitle: null,
    languageCode: 'en',
    preachDate: '2024-01-07',
    bibleText: 'Romans 5:1-11',
    eventType: 'Sunday - AM',
    displayEventType: 'Sunday - AM',
    audioDurationSeconds: 3723,
    videoDurationSeconds: 0,
    hasVideo: false,
    speaker: { speakerID: 7, displayName: 'John "Jack" Smith' },
    broadcaster: { broadcasterID: 'first church', displayName: 'First Church of Town', shortName: 'First Church' },
    series: { seriesID: 9, title: "Paul's letters" },
    ...fields,
  }) as unknown as LiteSermon;

describe('sermonRowsHtml', () => {
  it('renders a row with escaped text and attributes, localized links, date and duration', () => {
    expect(sermonRowsHtml([sermon({})], all, context)).toBe(
      '<li class="sermon-row" data-sermon-id="123">' +
        '<a class="sermon-title" href="/de/sermons/123" lang="en">Grace &amp; &lt;Truth&gt;</a>' +
        '<span class="sermon-meta">' +
        '<a href="/de/speakers/7">John &quot;Jack&quot; Smith</a>' +
        '<a href="/de/broadcasters/first%20church">First Church</a>' +
        '<a href="/de/series/9" lang="en">Paul&#39;s letters</a>' +
        '</span><span class="sermon-meta"><time datetime="2024-01-07">7. Jan. 2024</time>' +
        '<span>Romans 5:1-11</span><span>Sunday - AM</span>' +
        '<time datetime="PT1H2M3S">1:02:03</time></span></li>',
    );
  });

  it('in search results, marks the searched words in the title and shows the snippet that matched, escaped', () => {
    const searchMatch = {
      title: [
        { text: 'Grace & ', match: false },
        { text: '<Truth>', match: true },
      ],
      snippet: {
        source: 'transcript' as const,
        parts: [
          { text: 'the <b>truth</b> ', match: false },
          { text: 'sets', match: true },
        ],
        startSeconds: 754.6,
      },
      passageMatch: null,
    };
    const html = sermonRowsHtml([sermon({ searchMatch })], all, context);
    expect(html).toContain(
      '<a class="sermon-title" href="/de/sermons/123" lang="en">Grace &amp; <mark>&lt;Truth&gt;</mark></a>',
    );
    expect(html).toContain(
      '<span class="sermon-snippet"><span class="sermon-snippet-source">From the transcript:</span> ' +
        '<q lang="en">the &lt;b&gt;truth&lt;/b&gt; <mark>sets</mark></q> ' +
        '<a class="sermon-snippet-play" href="/de/sermons/123?t=754">Play from 12:34</a></span></li>',
    );
    // A description's snippet has no time to play from.
    const described = sermonRowsHtml(
      [
        sermon({
          searchMatch: {
            ...searchMatch,
            snippet: { ...searchMatch.snippet, source: 'description', startSeconds: null },
          },
        }),
      ],
      all,
      context,
    );
    expect(described).toContain('<span class="sermon-snippet-source">From the description:</span>');
    expect(described).not.toContain('?t=');
  });

  it('leaves out the columns a page is about, and shows subtitle, video badge and video length', () => {
    const html = sermonRowsHtml(
      [sermon({ subtitle: 'Part <2>', hasVideo: true, audioDurationSeconds: 0, videoDurationSeconds: 95 })],
      { showSpeaker: false, showBroadcaster: true, showSeries: false },
      context,
    );
    expect(html).toContain('<span class="sermon-subtitle" lang="en">Part &lt;2&gt;</span>');
    expect(html).not.toContain('/speakers/');
    expect(html).not.toContain('/series/');
    expect(html).toContain('<time datetime="PT1M35S">1:35</time><span class="sermon-badge">Video</span>');
  });

  it('shows a video sermon’s still from its WebP sizes, linked to the sermon, lazy and sized', () => {
    const webp = 'https://k.test/media/1/video/thumbnail-{size}.webp';
    const html = sermonRowsHtml([sermon({ hasVideo: true, videoThumbnailResizable: webp })], all, context);
    expect(html).toContain('<li class="sermon-row with-thumb" data-sermon-id="123">');
    expect(html).toContain(
      '<a class="sermon-thumb" href="/de/sermons/123" tabindex="-1" aria-hidden="true">' +
        '<img src="https://k.test/media/1/video/thumbnail-96.webp" ' +
        'srcset="https://k.test/media/1/video/thumbnail-96.webp 96w, https://k.test/media/1/video/thumbnail-360.webp 360w" ' +
        'sizes="96px" width="96" height="54" alt="" loading="lazy" decoding="async"></a>',
    );
    // No still without video, or without WebP sizes (a full-size JPEG is too heavy for a row).
    const jpeg = sermon({ hasVideo: true, videoThumbnailResizable: 'https://k.test/still.jpg' });
    for (const row of [sermon({ videoThumbnailResizable: webp }), jpeg]) {
      expect(sermonRowsHtml([row], all, context)).not.toContain('<img');
    }
  });

  it('marks the title, subtitle and series in the sermon’s language (WCAG 3.1.2)', () => {
    const html = sermonRowsHtml(
      [
        sermon({
          languageCode: 'ko',
          displayTitle: '거듭남',
          subtitle: '2부',
          series: { type: 'series', seriesID: 5, title: '요한계시록 강해', broadcasterID: 'first church' },
        }),
      ],
      all,
      context,
    );
    expect(html).toContain('<a class="sermon-title" href="/de/sermons/123" lang="ko">거듭남</a>');
    expect(html).toContain('<span class="sermon-subtitle" lang="ko">2부</span>');
    expect(html).toContain('<a href="/de/series/5" lang="ko">요한계시록 강해</a>');
  });

  it('shows no subtitle that only repeats the series title', () => {
    expect(shownSubtitle(sermon({ subtitle: " paul's  LETTERS " }))).toBeNull();
    expect(shownSubtitle(sermon({ subtitle: 'Part 2' }))).toBe('Part 2');
    expect(shownSubtitle(sermon({ subtitle: "Paul's letters", series: null }))).toBe("Paul's letters");
    const html = sermonRowsHtml(
      [sermon({ subtitle: "Paul's letters" })],
      { showSpeaker: true, showBroadcaster: true, showSeries: true },
      { t: translator(englishMessages), href: (p: string) => p, lang: 'en' },
    );
    expect(html).not.toContain('sermon-subtitle');
  });

  it('names the Bible book in the visitor’s language, and marks a text it cannot as English', async () => {
    const de = { ...context, t: await getTranslator('de') };
    const rows = sermonRowsHtml(
      [sermon({ bibleText: '2 Corinthians 10:6-11:1' }), sermon({ bibleText: 'Rom 8:28, 31' })],
      all,
      de,
    );
    expect(rows).toContain('<span>2. Korinther 10:6-11:1</span>');
    expect(rows).toContain('<span lang="en">Rom 8:28, 31</span>');
  });
});
