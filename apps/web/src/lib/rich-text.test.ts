import { describe, expect, it } from 'vitest';
import { richEditable } from './rich-text';

describe('richEditable (docs/decisions/rich-text-editor.md)', () => {
  it('accepts what the editor keeps', () => {
    expect(richEditable('')).toBe(true);
    expect(
      richEditable('<h2>Titre</h2><p>Un <strong>mot</strong> et <a href="https://x.be">un lien</a></p>'),
    ).toBe(true);
    expect(richEditable('<ul><li>a</li></ul><BLOCKQUOTE>b</BLOCKQUOTE><p>1 < 2</p>')).toBe(true);
  });
  it('keeps tables, images and other tags in the html source mode', () => {
    expect(richEditable('<p>ok</p><table><tr><td>1</td></tr></table>')).toBe(false);
    expect(richEditable('<p><img src="/api/cms/files/1"></p>')).toBe(false);
    expect(richEditable('<div>x</div>')).toBe(false);
  });
});
