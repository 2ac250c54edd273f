import { expect, type Locator } from '@playwright/test';

/**
 * Waits until the island holding `part`, and any inside it, have hydrated (Astro drops an
 * island's `ssr` attribute then): before, the part shows but works as without JavaScript.
 */
export async function hydrated(part: Locator): Promise<void> {
  await expect(part.locator('xpath=ancestor-or-self::astro-island[@ssr] | descendant::astro-island[@ssr]')).toHaveCount(
    0,
  );
}
