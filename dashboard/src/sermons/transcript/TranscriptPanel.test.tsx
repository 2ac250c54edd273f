// @vitest-environment happy-dom
import type { EditableSermon } from '@kerygma/domain/contracts/sermon-editing';
import { type Transcript, transcriptContracts } from '@kerygma/domain/contracts/transcripts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, renderScreen } from '../../account/test/render.tsx';
import { MediaPanel } from '../media/MediaPanel.tsx';
import { sermon as draftSermon } from '../sermon.fixture.ts';
import { TranscriptPanel } from './TranscriptPanel.tsx';

/**
 * The sermon editor's transcript as a broadcaster uses it (issue 26): where it stands, the
 * corrections refused before anything is sent, what a save sends, publishing the draft as
 * captions, a new transcription on a site without a speech-to-text engine, a long transcript,
 * and the media panel's automatic caption track.
 */
const sermon: EditableSermon = { ...draftSermon, hasAudio: true, durationSeconds: 600 };
const ID = sermon.sermonID;
const draft: Transcript = {
  sermonID: ID,
  languageCode: 'en',
  source: 'pocketsphinx',
  captionState: 'draft',
  segments: [
    { start: 0, end: 4.321, text: 'Good morning church' },
    { start: 4.321, end: 9.5, text: 'turn with me to John ten' },
    { start: 9.5, end: 14, text: 'I am the good shepherd' },
  ],
  updated: 1_764_400_000,
};
type Event = { state: string; timestamp: number };

/** What the panel asked the API, and what the server holds. */
let sent: { method: string; path: string; body: unknown }[];
let transcript: Transcript | null;
let events: Event[];
let transcribeStatus: number;

beforeEach(() => {
  sent = [];
  transcript = draft;
  events = [];
  transcribeStatus = 202;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://kerygma.test').pathname.replace(/^.*\/api\/v2/, '');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ method, path, body });
    const base = `/node/sermons/${ID}`;
    if (method === 'GET' && path === `${base}/transcript`)
      return transcript ? answer(transcript) : answer({ errors: {}, status: 404, code: 'not_found' }, 404);
    if (method === 'PUT' && path === `${base}/transcript`) {
      // With none, the server makes a draft written by hand.
      const before = transcript ?? { ...draft, source: 'manual' as const, captionState: 'draft' as const };
      transcript = { ...before, segments: body.segments, updated: draft.updated + 60 };
      return answer(transcript);
    }
    if (method === 'POST' && path === `${base}/transcript/publish`) {
      transcript = { ...(transcript as Transcript), captionState: 'published' };
      return answer(transcript);
    }
    if (method === 'POST' && path === `${base}/transcript/transcribe`)
      return transcribeStatus === 202
        ? answer({ queued: true }, 202)
        : answer(
            { errors: { error: 'No speech-to-text engine.' }, status: transcribeStatus, code: 'unavailable' },
            transcribeStatus,
          );
    if (method === 'GET' && path === `${base}/media_tracker`)
      return answer({
        sermonID: ID,
        state: events.at(-1)?.state ?? null,
        failed: false,
        mediaUnlinked: false,
        events: events.map((e) => ({ ...e, stage: null, failed: false, detail: null, guid: null })),
      });
    return answer({ errors: {}, status: 404, code: 'not_found' }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(onCaptionsChanged = () => undefined, onDirty: (dirty: boolean) => void = () => undefined) {
  renderScreen(<TranscriptPanel sermon={sermon} onDirty={onDirty} onCaptionsChanged={onCaptionsChanged} />);
}
/** Opens the segment list, as a person does to correct it. */
async function showSegments() {
  const summary = await screen.findByText(/Show and correct the transcript/);
  const details = summary.closest('details') as HTMLDetailsElement;
  details.open = true;
  fireEvent(details, new Event('toggle'));
  await screen.findByLabelText('Text of segment 1');
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const saves = () => sent.filter((s) => s.method === 'PUT');

describe('the transcript in the sermon editor', () => {
  it("says a rough automatic draft is waiting, and the engine's text asks for a check", async () => {
    open();
    expect(await screen.findByText('Draft automatic captions, not yet shown to viewers.')).toBeTruthy();
    expect(screen.getByText('Made automatically, rough: please check it before publishing.')).toBeTruthy();
    expect(screen.getByText(/Show and correct the transcript \(3 segments\)/)).toBeTruthy();
  });

  it('refuses an unreadable time, an end before its start and a time past the recording, each at its row, sending nothing', async () => {
    open();
    await showSegments();
    expect(field('Start of segment 2').value).toBe('0:04.32');
    type('Start of segment 1', 'soon');
    type('End of segment 2', '0:03');
    type('End of segment 3', '10:00.5'); // within a second of the 600 s recording: allowed
    fireEvent.click(screen.getByRole('button', { name: 'Save transcript' }));

    expect(await screen.findByText('2 segments need correcting.')).toBeTruthy();
    const row = (n: number) => within(field(`Text of segment ${n}`).closest('li') as HTMLElement);
    expect(row(1).getByText('Enter a time such as 12:05.5.')).toBeTruthy();
    expect(row(2).getByText('The end must come after the start.')).toBeTruthy();
    expect(row(3).queryByRole('paragraph')).toBeNull();
    expect(field('End of segment 2').getAttribute('aria-invalid')).toBe('true');

    type('End of segment 3', '10:02');
    fireEvent.click(screen.getByRole('button', { name: 'Save transcript' }));
    expect(await row(3).findByText('This is after the end of the recording.')).toBeTruthy();
    expect(saves()).toEqual([]);

    // Corrected, a row's message goes as it is typed.
    type('Start of segment 1', '0');
    await waitFor(() => expect(row(1).queryByText('Enter a time such as 12:05.5.')).toBeNull());
  });

  it('saves the corrected words and times, the untouched ones exactly as they were, and the contract accepts them', async () => {
    const dirty: boolean[] = [];
    open(undefined, (d) => dirty.push(d));
    await showSegments();
    type('Text of segment 2', 'turn with me to John 10');
    type('End of segment 3', '15.25');
    expect(dirty.at(-1)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save transcript' }));

    expect(await screen.findByText('Transcript saved.')).toBeTruthy();
    const body = saves()[0]?.body;
    expect(body).toEqual({
      segments: [
        { start: 0, end: 4.321, text: 'Good morning church' },
        { start: 4.321, end: 9.5, text: 'turn with me to John 10' },
        { start: 9.5, end: 15.25, text: 'I am the good shepherd' },
      ],
    });
    expect(transcriptContracts.updateSermonTranscript.body.safeParse(body).success).toBe(true);
    await waitFor(() => expect(dirty.at(-1)).toBe(false));
    // The list stays open on the saved words, to go on correcting.
    expect(field('Text of segment 2').value).toBe('turn with me to John 10');
    expect(field('End of segment 3').value).toBe('0:15.25');
  });

  it('publishes the draft as captions, explaining viewers see them marked automatic, once the corrections are saved', async () => {
    const captionsChanged = vi.fn();
    open(captionsChanged);
    await showSegments();
    expect(screen.getByText(/in the player's caption menu, where viewers see them marked automatic/)).toBeTruthy();
    type('Text of segment 1', 'Good morning, church');
    const publish = screen.getByRole('button', { name: 'Publish as captions' }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
    expect(screen.getByText('Save your corrections before publishing.')).toBeTruthy();
    type('Text of segment 1', 'Good morning church');
    expect(publish.disabled).toBe(false);

    fireEvent.click(publish);
    expect(await screen.findByText('Automatic captions, shown in the player.')).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST' && s.path.endsWith('/transcript/publish'))).toBe(true);
    expect(captionsChanged).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Publish as captions' })).toBeNull();
  });

  it('says plainly when the site has no speech-to-text engine to transcribe again', async () => {
    transcribeStatus = 503;
    vi.stubGlobal('confirm', () => true);
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Transcribe again' }));
    expect(
      await screen.findByText(
        'This site has no speech-to-text engine, so it cannot make transcripts. Upload a caption file instead.',
      ),
    ).toBeTruthy();
  });

  it('shows a transcript being made, from the tracker, with no button to ask for another', async () => {
    transcript = null;
    events = [{ state: 'transcript-scheduled', timestamp: 1_764_500_000 }];
    open();
    expect(await screen.findByText('Being made…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Transcribe again' })).toBeNull();
  });

  it('says none yet, and asks for a transcription, then says it is being made, when there is no transcript', async () => {
    transcript = null;
    open();
    expect(await screen.findByText('None yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Transcribe again' }));
    expect(await screen.findByText('A new transcript is being made.')).toBeTruthy();
    expect(sent.some((s) => s.method === 'POST' && s.path.endsWith('/transcript/transcribe'))).toBe(true);
    expect(screen.getByText('Being made…')).toBeTruthy();
  });

  it('writes a transcript by hand where there is none: lines added, saved as a draft, published as captions', async () => {
    transcript = null;
    const captionsChanged = vi.fn();
    open(captionsChanged);
    fireEvent.click(await screen.findByRole('button', { name: 'Write a transcript' }));
    type('Text of segment 1', 'Grace to you and peace');
    fireEvent.click(screen.getByRole('button', { name: 'Add a line' }));
    expect(field('Start of segment 2').value).toBe('0:05');
    expect(field('End of segment 2').value).toBe('0:10');
    type('Text of segment 2', 'from God our Father');
    // Nothing to publish before it is saved.
    expect(screen.queryByRole('button', { name: 'Publish as captions' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save transcript' }));
    expect(await screen.findByText('Transcript saved.')).toBeTruthy();
    expect(saves()[0]?.body).toEqual({
      segments: [
        { start: 0, end: 5, text: 'Grace to you and peace' },
        { start: 5, end: 10, text: 'from God our Father' },
      ],
    });
    expect(await screen.findByText('Written here, not yet shown to viewers.')).toBeTruthy();
    expect(screen.getByText("Publishing puts it in the player's caption menu.")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Publish as captions' }));
    expect(await screen.findByText('The captions are published.')).toBeTruthy();
    expect(screen.getByText('Written here, shown in the player as captions.')).toBeTruthy();
    expect(captionsChanged).toHaveBeenCalled();
  });

  it('keeps a 900-segment transcript editable: one corrected word late in it is saved with all the rest', async () => {
    transcript = {
      ...draft,
      segments: Array.from({ length: 900 }, (_, i) => ({ start: i / 2, end: i / 2 + 0.5, text: `words ${i + 1}` })),
    };
    open();
    await showSegments();
    expect(document.querySelectorAll('li.segment')).toHaveLength(900);
    type('Text of segment 850', 'corrected words');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save transcript' }));
    });
    await waitFor(() => expect(saves()).toHaveLength(1));
    const [saved] = saves() as { body: { segments: { text: string }[] } }[];
    const segments = saved?.body.segments ?? [];
    expect(segments).toHaveLength(900);
    expect(segments[849]?.text).toBe('corrected words');
    expect(segments[848]?.text).toBe('words 849');
  });
});

describe("the media panel's caption tracks", () => {
  it('marks the automatic track, made from the transcript, as Automatic', async () => {
    renderScreen(
      <MediaPanel
        sermon={{
          ...sermon,
          captions: [
            { languageCode: 'es', autoGenerated: false },
            { languageCode: 'en', autoGenerated: true },
          ],
        }}
        onMediaChanged={() => undefined}
      />,
    );
    const tracks = within(await screen.findByRole('list', { name: 'Caption tracks' })).getAllByRole('listitem');
    expect(tracks.map((t) => t.textContent)).toEqual(['Spanish', 'English Automatic']);
  });
});
