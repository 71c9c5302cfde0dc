import { describe, expect, it } from 'vitest';
import { jitlessZod } from './zod-config';

describe('jitlessZod', () => {
  it('is the configuration zod reads: it never probes `new Function` (our CSP reports it)', async () => {
    jitlessZod();
    const { config, util } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    // Node allows eval: only the configuration keeps zod from trying it.
    expect(util.allowsEval.value).toBe(false);
  });
});
