import { describe, expect, it } from 'vitest';
import { setZodJitless } from './zod-jitless';

describe('setZodJitless', () => {
  it("sets the jitless flag that zod's own configuration reads", async () => {
    setZodJitless();
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
    // The interpreted parser still parses and refuses as usual.
    const schema = z.object({ qty: z.number().int().min(1) });
    expect(schema.safeParse({ qty: 2 }).success).toBe(true);
    expect(schema.safeParse({ qty: 0 }).success).toBe(false);
  });
});
