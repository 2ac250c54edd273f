// @vitest-environment happy-dom
import { donationSettingsSchema } from '@kerygma/domain/contracts/broadcaster-account';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForm } from '../test/render.tsx';
import { DonationsForm } from './DonationsForm.tsx';
import type { DonationsValues } from './donations-form.ts';

afterEach(cleanup);

describe('the donations form (§5)', () => {
  it('showing the Give button needs a way to give', async () => {
    const sent: DonationsValues[] = [];
    renderForm(
      <DonationsForm
        initial={{ donatable: false, donationOptions: [] }}
        onSave={async (v) => {
          sent.push(v);
          return true;
        }}
      />,
    );
    fireEvent.click(screen.getByLabelText('Show the Give button'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Add at least one way to give.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('refuses an address not starting with https://, and saves one that does', async () => {
    const sent: DonationsValues[] = [];
    renderForm(
      <DonationsForm
        initial={{ donatable: true, donationOptions: [] }}
        onSave={async (v) => {
          sent.push(v);
          return true;
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add a way to give' }));
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Online giving' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'http://give.example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The address must start with https://')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'https://give.example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(donationSettingsSchema.parse(sent[0])).toEqual({
      donatable: true,
      donationOptions: [{ label: 'Online giving', url: 'https://give.example.org' }],
    });
  });
});
