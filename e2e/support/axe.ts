import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** axe's serious and critical findings on the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Once a document: a page the app changed in place (a dialog, a form's problems) has it already.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = (await page.evaluate(async () => {
    type Axe = { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    // Only the violations are gathered whole: axe keeps one node of the passes and the rest, which
    // this never reads (the same findings, in less time).
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
