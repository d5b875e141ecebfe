import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CONTENT } from '../../../server/seed/demo-data';

// Issue 49: the demo's banner pictures carried English words ("Play Main Markets") under a Hindi
// or Marathi caption, and App Setting's footer links read in English. The pictures say nothing in
// any language; every caption and link title the demo seeds is written in Hindi and Marathi.

describe('the demo content speaks every language', () => {
  it.each(DEMO_CONTENT.sliders.map((s) => [s.imageUrl, s]))('%s has no words in the picture', (url) => {
    const svg = readFileSync(join('public', url), 'utf8');
    expect(svg).not.toMatch(/<(text|title|desc)\b/);
    expect(svg).not.toMatch(/aria-label=/);
  });

  it('every banner caption and footer link title has Hindi and Marathi', () => {
    for (const s of DEMO_CONTENT.sliders) expect(Object.keys(s.texts).sort()).toEqual(['hi', 'mr']);
    for (const l of DEMO_CONTENT.footerLinks) {
      expect(l.texts.hi.title).toMatch(/[\u0900-\u097F]/);
      expect(l.texts.mr.title).toMatch(/[\u0900-\u097F]/);
    }
  });
});
