// @vitest-environment happy-dom
import { updateBroadcasterBody } from '@kerygma/domain/contracts/broadcaster-account';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForm } from '../test/render.tsx';
import { SettingsForm } from './SettingsForm.tsx';
import { type SettingsValues, toUpdateBody } from './settings-form.ts';

const saved: SettingsValues = {
  displayName: 'Grace Church',
  shortName: 'Grace',
  minister: 'John Smith',
  denomination: 'Reformed',
  churchSize: '120',
  bibleVersion: 'ESV',
  languageCode: 'en',
  aboutUs: '',
  welcomeVideoID: '',
  vacantPulpit: false,
  contactEmail: 'office@grace.example.org',
  phone: '',
  listenLineNumber: '',
  homePageURL: 'https://grace.example.org',
  address: '1 Main St',
  addressMail: '',
  location: 'Greenville, SC',
  state: 'SC',
  country: 'United States',
  countryISOCode: 'US',
  latitude: '34.85',
  longitude: '-82.4',
  serviceTimes: 'Sunday 10:30 AM Morning worship\nSunday 6 PM Evening worship',
  categories: ['1'],
  facebookUsername: '',
  twitterUsername: '',
  socialTwitter: '',
  socialGoogle: '',
  socialFacebook: '',
  soloSiteEnabled: true,
  soloSiteDomain: '',
  autoTranscripts: true,
};

function renderSettings(onSave: (v: SettingsValues) => Promise<boolean>) {
  return renderForm(<SettingsForm initial={saved} maps={null} soloSite={null} onSave={onSave} />);
}
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

afterEach(cleanup);

describe('the settings form', () => {
  it('refuses an empty name, a web address that is not one, a bad e-mail and no category, each said at its field', async () => {
    const sent: SettingsValues[] = [];
    renderSettings(async (v) => {
      sent.push(v);
      return true;
    });
    fireEvent.change(input('Name'), { target: { value: '  ' } });
    fireEvent.change(input('Website'), { target: { value: 'grace church' } });
    fireEvent.change(input('Contact e-mail'), { target: { value: 'office at grace' } });
    fireEvent.click(screen.getByLabelText('Church'));
    fireEvent.change(input('Latitude'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Required.')).toBeTruthy();
    expect(screen.getByText('Enter a full address, starting with https://')).toBeTruthy();
    expect(screen.getByText('Enter an e-mail address.')).toBeTruthy();
    expect(screen.getByText('Choose at least one category.')).toBeTruthy();
    expect(screen.getByText('A latitude is between -90 and 90.')).toBeTruthy();
    expect(input('Name').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('says how long a field may be', async () => {
    renderSettings(async () => true);
    fireEvent.change(input('Short name'), { target: { value: 'x'.repeat(31) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most 30 characters.')).toBeTruthy();
  });

  it('saves the changed values, and what it sends is what the API accepts', async () => {
    const sent: SettingsValues[] = [];
    renderSettings(async (v) => {
      sent.push(v);
      return true;
    });
    fireEvent.change(input('Minister'), { target: { value: 'Jane Doe' } });
    fireEvent.click(screen.getByLabelText('Seminary'));
    fireEvent.change(input('Solo site domain'), { target: { value: 'sermons.grace.example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    const body = toUpdateBody(sent[0] as SettingsValues);
    expect(body).toMatchObject({
      minister: 'Jane Doe',
      categories: 1 | 4,
      latitude: 34.85,
      longitude: -82.4,
      churchSize: 120,
      serviceTimesList: ['Sunday 10:30 AM Morning worship', 'Sunday 6 PM Evening worship'],
      soloSiteDomain: 'sermons.grace.example.org',
      soloSiteDisabled: false,
      welcomeVideoID: null,
    });
    expect(updateBroadcasterBody.safeParse(body).success).toBe(true);
  });

  it('turns automatic transcripts off with its switch, explained beside it, and sends autoTranscripts false', async () => {
    const sent: SettingsValues[] = [];
    renderSettings(async (v) => {
      sent.push(v);
      return true;
    });
    const toggle = screen.getByRole('switch', { name: 'Automatic transcripts' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    const hint = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/transcribed for search and captions/);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    const body = toUpdateBody(sent[0] as SettingsValues);
    expect(body.autoTranscripts).toBe(false);
    expect(updateBroadcasterBody.safeParse(body).success).toBe(true);
  });
});
