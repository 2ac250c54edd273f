// @vitest-environment happy-dom
import { BROADCASTER_ROLE as B, type BroadcasterRoleID } from '@kerygma/domain/roles';
import { englishMessages, translator } from '@kerygma/i18n/t';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../i18n.tsx';
import { BroadcasterProvider } from '../shell/broadcaster.tsx';
import { RoleGate } from './RoleGate.tsx';
import { type AccountScreenPath, screenRole } from './screens.ts';

/** Opens behind the gate of an account screen, or of a role (the feed import's: Uploader). */
function open(gate: AccountScreenPath | BroadcasterRoleID, roles: number[]) {
  const role = typeof gate === 'number' ? gate : screenRole(gate);
  const router = createMemoryRouter([
    {
      path: '/',
      element: <RoleGate role={role} />,
      children: [{ index: true, element: <h1>The screen</h1> }],
    },
  ]);
  render(
    <I18nProvider value={{ t: translator(englishMessages), locale: 'en', lang: 'en' }}>
      <BroadcasterProvider value={{ broadcasterID: 'gracechurch', choices: ['gracechurch'], roles }}>
        <RouterProvider router={router} />
      </BroadcasterProvider>
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe('the account screens’ role gate (§6)', () => {
  it('refuses an Uploader billing and managers with the §8 text', () => {
    for (const path of ['billing', 'managers'] as const) {
      open(path, [B.uploader]);
      expect(screen.getByRole('heading').textContent).toBe('This page is unavailable with the current permissions');
      expect(screen.queryByText('The screen')).toBeNull();
      cleanup();
    }
  });

  it('lets an Admin in, and a Biller to billing', () => {
    open('managers', [B.admin]);
    expect(screen.getByText('The screen')).toBeTruthy();
    cleanup();
    open('billing', [B.biller]);
    expect(screen.getByText('The screen')).toBeTruthy();
  });

  it('lets Uploaders and Admins import a feed, not a Biller', () => {
    for (const roles of [[B.uploader], [B.admin]]) {
      open(B.uploader, roles);
      expect(screen.getByText('The screen')).toBeTruthy();
      cleanup();
    }
    open(B.uploader, [B.biller]);
    expect(screen.queryByText('The screen')).toBeNull();
  });
});
