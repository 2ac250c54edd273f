// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForm } from '../test/render.tsx';
import { ApiKeyPanel } from './ApiKeyPanel.tsx';

afterEach(cleanup);

describe('the API key', () => {
  it('is made again only after a confirmation, and its value is shown once', async () => {
    let made = 0;
    renderForm(<ApiKeyPanel hasKey onRegenerate={async () => `key-${++made}`} />);
    expect(screen.queryByLabelText(/Copy this key now/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Make a new key' }));
    expect(made).toBe(0);
    expect(screen.getByRole('alertdialog').textContent).toContain('The old key stops working at once');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(made).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Make a new key' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Make a new key' })[0] as HTMLElement);
    const shown = (await screen.findByLabelText(/Copy this key now/)) as HTMLInputElement;
    expect(shown.value).toBe('key-1');
    expect(made).toBe(1);
  });
});
