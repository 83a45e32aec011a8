import { describe, expect, it } from 'vitest';
import { mergeRefusals, readRefusals, REFUSALS_KEY, REFUSALS_MAX } from './refusals';

const refusal = (uuid: string) => ({ uuid, product_id: 7, reason: 'student_no_medicines' as const });

describe('cart refusals', () => {
  it('adds each refused transaction once and keeps the newest', () => {
    const once = mergeRefusals([refusal('a')], [refusal('a'), refusal('b')]);
    expect(once.map((r) => r.uuid)).toEqual(['a', 'b']);
    const many = mergeRefusals(
      [],
      Array.from({ length: REFUSALS_MAX + 3 }, (_, i) => refusal(`u${i}`)),
    );
    expect(many).toHaveLength(REFUSALS_MAX);
    expect(many[0]!.uuid).toBe('u3');
  });

  it('reads nothing from a missing or damaged entry', () => {
    const storage = (value: string | null) => ({
      getItem: (key: string) => (key === REFUSALS_KEY ? value : null),
    });
    expect(readRefusals(storage(null))).toEqual([]);
    expect(readRefusals(storage('{not json'))).toEqual([]);
    expect(readRefusals(storage('[{"uuid":1}]'))).toEqual([]);
    expect(readRefusals(storage(JSON.stringify([refusal('x')])))).toEqual([refusal('x')]);
  });
});
