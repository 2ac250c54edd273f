// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForm } from '../test/render.tsx';
import { InviteForm } from './InviteForm.tsx';
import { type InviteValues, leavesNoAdmin } from './managers-form.ts';

afterEach(cleanup);

describe('inviting a manager (§6)', () => {
  it('needs an e-mail address and at least one permission (§5)', async () => {
    const sent: InviteValues[] = [];
    renderForm(
      <InviteForm
        onInvite={async (v) => {
          sent.push(v);
          return true;
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Enter an e-mail address.')).toBeTruthy();
    expect(screen.getByText('Choose at least one permission.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the address and the permissions ticked, then empties the form', async () => {
    const sent: InviteValues[] = [];
    renderForm(
      <InviteForm
        onInvite={async (v) => {
          sent.push(v);
          return true;
        }}
      />,
    );
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'deacon@grace.example.org' } });
    fireEvent.click(screen.getByLabelText('Uploader'));
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(sent).toEqual([{ email: 'deacon@grace.example.org', roles: ['3'] }]));
    await waitFor(() => expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe(''));
  });
});

describe('the last Admin', () => {
  const managers = [
    { userID: 1, roles: [2] },
    { userID: 2, roles: [3] },
  ];
  it('can neither lose the Admin role nor leave; another Admin can', () => {
    expect(leavesNoAdmin(managers, 1, [3])).toBe(true);
    expect(leavesNoAdmin(managers, 1, [])).toBe(true);
    expect(leavesNoAdmin(managers, 1, [2, 4])).toBe(false);
    expect(leavesNoAdmin(managers, 2, [])).toBe(false);
    expect(leavesNoAdmin([...managers, { userID: 3, roles: [2] }], 1, [])).toBe(false);
  });
});
