import { expect, test } from '@playwright/test';

test('the colour mode is chosen in the footer and remembered', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).not.toHaveAttribute('data-color-mode', /./);
  await page.getByLabel('Color mode').selectOption('dark');
  await expect(html).toHaveAttribute('data-color-mode', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-color-mode', 'dark');
  await expect(page.getByLabel('Color mode')).toHaveValue('dark');
  await page.getByLabel('Color mode').selectOption('system');
  await expect(html).not.toHaveAttribute('data-color-mode', /./);
});

test('the header has a skip link, the main navigation and a search form', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toHaveAttribute('href', '#main');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link')).toHaveText(['Sermons', 'Speakers', 'Series', 'Broadcasters']);
  await page.getByRole('searchbox').fill('grace');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL('/search?q=grace');
});
