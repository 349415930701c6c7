import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA rules, and axe's best practices (landmarks, heading order, table headers). */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** What axe finds on the page as drawn, each with its rule, its help and the elements it found. */
export async function violationsOf(page: Page): Promise<string[]> {
  // Read once still: a fade or slide under way (a page just opened, a toast coming in) has its
  // colours half-way, which axe would judge as they are at that instant. Spinners loop: not waited.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .every((a) => a.playState !== 'running'),
    undefined,
    { timeout: 10_000 },
  );
  // Legacy mode: axe runs in the page itself. The default opens a blank page to gather its results,
  // and once on a loaded CI that page never opened (/website): the test hung three minutes in axe.
  // Legacy mode does not judge a frame's own content (tried: a srcdoc frame's unnamed button goes
  // unseen); the one frame of the back office, the site builder's preview, shows the online shop's
  // pages, which accessibility.spec.ts judges directly.
  const result = await new AxeBuilder({ page }).setLegacyMode().withTags(RULE_TAGS).analyze();
  return result.violations.map(
    (v) => `${v.id} (${v.impact}) : ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}
