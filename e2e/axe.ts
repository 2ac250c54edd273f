import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules every page is held to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe-core on the page (or only inside `include`, a CSS selector) and expects no violations;
 * a failure lists each rule with the elements it flagged. `label` names the page in the message.
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string; label?: string } = {}) {
  let builder = new AxeBuilder({ page }).withTags(TAGS);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`);
  expect(summary, options.label).toEqual([]);
}
