import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getJson, type TestApp } from '../test/test-app.ts';
import { BACKENDS } from '../test/test-db.ts';

/**
 * GET node/broadcasters/{id}/highlighted_sermons (SermonAudio API v2, its Python client's
 * get_highlighted_sermons): what a broadcaster highlights on its home page, as one object.
 */
describe.each(BACKENDS)('a broadcaster’s highlighted sermons on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
    // gracechurch highlights its sermon 1000; kingsseminary a draft (1900), which nobody may see yet.
    await t.db.exec(`
      INSERT INTO broadcaster_highlighted_sermons (broadcaster_id, sort_order, sort_title, audio_title, sermon_id) VALUES
        ('gracechurch', 'popular', 'Most listened to', 'Sermon of the week', '1000'),
        ('kingsseminary', 'preached', 'Latest lectures', 'Coming soon', '1900');
    `);
  }, 60_000);
  afterAll(() => t?.close());

  const highlighted = (id: string) => getJson(t.app, `/api/v2/node/broadcasters/${id}/highlighted_sermons`);

  it('answers the object itself, with the highlighted sermon in full', async () => {
    const { status, body } = await highlighted('gracechurch');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['audioSermon', 'audioTitle', 'sortOrder', 'sortTitle']);
    expect(body).toMatchObject({
      sortOrder: 'popular',
      sortTitle: 'Most listened to',
      audioTitle: 'Sermon of the week',
    });
    expect(body.audioSermon).toMatchObject({
      sermonID: '1000',
      displayTitle: 'Justified by Faith 1',
      broadcaster: { broadcasterID: 'gracechurch', canWebcast: false },
      speaker: { displayName: 'Charles H. Spurgeon', sermonCount: 29 },
      series: { title: 'Romans', count: 12 },
    });
    expect(body.audioSermon.media.audio).toHaveLength(2);
    // The same sermon GET node/sermons/1000 answers.
    expect(body.audioSermon).toEqual((await getJson(t.app, '/api/v2/node/sermons/1000')).body);
  });

  it('looks the broadcaster up in any case', async () => {
    expect((await highlighted('GraceChurch')).body.sortOrder).toBe('popular');
  });

  it('a sermon not published is not shown; the titles and order still are', async () => {
    const { status, body } = await highlighted('kingsseminary');
    expect(status).toBe(200);
    expect(body).toEqual({
      sortOrder: 'preached',
      sortTitle: 'Latest lectures',
      audioTitle: 'Coming soon',
      audioSermon: null,
    });
  });

  it('a broadcaster that highlights nothing answers every key null', async () => {
    expect((await highlighted('emptychurch')).body).toEqual({
      sortOrder: null,
      sortTitle: null,
      audioTitle: null,
      audioSermon: null,
    });
  });

  it('an unknown broadcaster is a 404 in the API’s error shape', async () => {
    const { status, body } = await highlighted('nosuchchurch');
    expect(status).toBe(404);
    expect(body.errors).toEqual({ error: 'Broadcaster not found' });
  });

  it('the table holds only the sort orders clients know, and forgets a deleted sermon', async () => {
    await expect(
      t.db.query(
        "INSERT INTO broadcaster_highlighted_sermons (broadcaster_id, sort_order) VALUES ('radiovida', 'whatever')",
      ),
    ).rejects.toThrow();
    await t.db
      .transaction(async (tx) => {
        await tx.query(
          "INSERT INTO broadcaster_highlighted_sermons (broadcaster_id, sermon_id) VALUES ('radiovida', '1059')",
        );
        await tx.query("DELETE FROM sermon WHERE sermon_id = '1059'");
        const [row] = await tx.query<{ sermon_id: string | null }>(
          "SELECT sermon_id FROM broadcaster_highlighted_sermons WHERE broadcaster_id = 'radiovida'",
        );
        expect(row).toEqual({ sermon_id: null });
        throw new Error('roll back');
      })
      .catch((e: Error) => expect(e.message).toBe('roll back'));
  });
});
