import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { POINTERLESS_CONTROLS } from './earlyClicks';

describe('the controls a pointer goes through before the hydration', () => {
  it('are the ones app.css takes pointers from: a held click is given to a control of that list', () => {
    const css = readFileSync(join(__dirname, '../theme/app.css'), 'utf8');
    expect(css).toContain(`#root[data-ssr]:not([data-hydrated]) :is(${POINTERLESS_CONTROLS}) { pointer-events: none; }`);
  });
});
