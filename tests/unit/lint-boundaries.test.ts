import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's own ESLint configuration, on deliberate violations: the rules that keep module
// boundaries must fail them, or they have silently stopped guarding anything.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root, ignore: false });

async function rulesBroken(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('ESLint module boundaries', () => {
  it('refuses a module importing another module’s tables, or the whole schema', async () => {
    const foreign = await rulesBroken(
      "import { productVariants } from '@/server/db/schema/product';\nexport const t = productVariants;\n",
      'src/features/order/server/probe.ts',
    );
    expect(foreign).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*@\/server\/db\/schema\/order/),
    ]);
    const whole = await rulesBroken(
      "import { orders } from '@/server/db/schema';\nexport const t = orders;\n",
      'src/features/order/server/probe.ts',
    );
    expect(whole).toEqual([expect.stringMatching(/^no-restricted-imports/)]);
  });

  it('lets a module import its own part of the schema', async () => {
    const own = await rulesBroken(
      "import { orders } from '@/server/db/schema/order';\nexport const t = orders;\n",
      'src/features/order/server/probe.ts',
    );
    expect(own).toEqual([]);
  });

  it('refuses server code in browser code', async () => {
    const broken = await rulesBroken(
      "import { getDb } from '@/server/db';\nexport const t = getDb;\n",
      'src/features/order/client/probe.ts',
    );
    expect(broken).toEqual([expect.stringMatching(/^no-restricted-imports: .*Le code client/)]);
  });

  it('lets a page import its own server-side props, and no other server code', async () => {
    const props = await rulesBroken(
      "import { otpPageProps } from '@/features/auth/server/otp-page';\nexport const t = otpPageProps;\n",
      'src/pages/probe.tsx',
    );
    expect(props).toEqual([]);
    for (const source of ['@/features/order/server/create-order', '@/server/db', '../server/probe-page'])
      expect(
        await rulesBroken(`import { x } from '${source}';\nexport const t = x;\n`, 'src/pages/probe.tsx'),
      ).toEqual([expect.stringMatching(/^no-restricted-imports: .*Le code client/)]);
  });

  it('refuses a module imported by the platform (src/server)', async () => {
    const broken = await rulesBroken(
      "import { findOrder } from '@/features/order/server/order.repository';\nexport const t = findOrder;\n",
      'src/server/http/probe.ts',
    );
    expect(broken).toEqual([expect.stringMatching(/^no-restricted-imports: .*src\/server ne dépend/)]);
  });

  it('refuses an import cycle', async () => {
    const results = await eslint.lintFiles([
      'tests/fixtures/lint-cycle/left.ts',
      'tests/fixtures/lint-cycle/right.ts',
    ]);
    const cycles = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'import-x/no-cycle'));
    expect(cycles.length).toBe(2);
  });
});
