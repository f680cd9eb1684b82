import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';

import { expect, test } from './fixtures.js';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: the rules the accessibility gate holds every screen to. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The impacts that fail the gate; minor and moderate findings are left to review. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Every serious or critical WCAG 2.2 AA violation on the page as it stands, one line per offending
 * element: the rule, the element's selector and what axe found. Text over a photo or a gradient
 * cannot be measured and lands in axe's "incomplete", not here.
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA_TAGS).analyze();
  return violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const finding = [...node.any, ...node.all, ...node.none][0]?.message ?? violation.help;
        return `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${finding}`;
      }),
    );
}

/**
 * Checks the screen on the page now against the gate, softly (one run lists every failing
 * screen), and keeps a screenshot of it as a11y-{name}.png among the test's outputs.
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  expect.soft(await blockingViolations(page), `accessibility violations on ${name}`).toEqual([]);
  await page.screenshot({ path: test.info().outputPath(`a11y-${name}.png`) });
}

/**
 * Moves the focus to `target` with the Tab key alone, as a keyboard user would, failing if it is
 * not reached within `presses` (it is then not in the tab order, or hidden behind something).
 */
export async function tabTo(page: Page, target: Locator, presses = 60): Promise<void> {
  for (let press = 0; press < presses; press += 1) {
    const focused = await target.evaluate(
      // A cast: this project type-checks specs without the DOM library.
      (element) =>
        element ===
        (element as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement,
      undefined,
      { timeout: 10_000 },
    );
    if (focused) {
      return;
    }
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached by Tab within ${presses} presses`).toBeFocused({ timeout: 1 });
}
