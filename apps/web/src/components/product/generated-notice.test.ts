import { describe, expect, it } from 'vitest';
import { showGeneratedDataNotice } from './generated-notice';

describe('showGeneratedDataNotice', () => {
  it('is on for the embedded demo database and off with DATABASE_URL', () => {
    expect(showGeneratedDataNotice({})).toBe(true);
    expect(showGeneratedDataNotice({ DATABASE_URL: '  ' })).toBe(true);
    expect(showGeneratedDataNotice({ DATABASE_URL: 'postgres://127.0.0.1/shop' })).toBe(false);
  });

  it('follows SHOW_GENERATED_DATA_NOTICE when it is set to a known value', () => {
    expect(
      showGeneratedDataNotice({ DATABASE_URL: 'postgres://x/y', SHOW_GENERATED_DATA_NOTICE: 'true' }),
    ).toBe(true);
    expect(
      showGeneratedDataNotice({ DATABASE_URL: 'postgres://x/y', SHOW_GENERATED_DATA_NOTICE: 'ON' }),
    ).toBe(true);
    expect(showGeneratedDataNotice({ SHOW_GENERATED_DATA_NOTICE: '0' })).toBe(false);
    expect(showGeneratedDataNotice({ SHOW_GENERATED_DATA_NOTICE: 'off' })).toBe(false);
    expect(showGeneratedDataNotice({ SHOW_GENERATED_DATA_NOTICE: 'maybe' })).toBe(true);
  });
});
