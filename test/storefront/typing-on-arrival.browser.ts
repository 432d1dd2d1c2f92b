import type { Browser } from 'playwright-core';
import { closeBrowserApp, startBrowserApp } from '../support/browser';
import type { TestApp } from '../support/app';
import { prefixes, slowPageRecording, typingRecord } from '../support/typing-record';
import { waitFor } from '../support/wait';

/**
 * A patient who types in the exam box the moment it is there, on a phone's slower CPU, keeps every letter:
 * the web app renders over the server's first paint and then keeps rendering as its first answers arrive,
 * and no render may write an older text back into the box (under Preact, PrimeReact's AutoComplete did:
 * "hemo" became "eo"; docs/decisions.md, "The storefront's weight"). The back office's boxes: test/backoffice/
 * typing-on-arrival.browser.ts.
 */
describe('typing in the exam box as soon as the page shows it', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;

  beforeAll(async () => {
    ({ t, base, browser } = await startBrowserApp(6));
  }, 120_000);
  afterAll(() => closeBrowserApp(t, browser));

  it.each(['/', '/buscador'])('keeps every letter typed on %s', async (path) => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await slowPageRecording(page, ['exams']);
    const lookedUp: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/exam/search')) lookedUp.push((JSON.parse(request.postData() ?? '{}') as { term: string }).term);
    });

    await page.goto(`${base}${path}`, { waitUntil: 'commit' });
    await page.locator('#exams').pressSequentially('hemo');
    const box = () => page.locator('#exams').inputValue();
    expect(await waitFor(box, (text) => text === 'hemo')).toBe('hemo');
    // Once the look-up has answered, the box still says so and nothing was ever written over it.
    await page.getByRole('option').first().waitFor();
    expect(await box()).toBe('hemo');
    // Each letter went in after the ones before it, and nothing the app wrote changed what the patient had typed.
    expect(await typingRecord(page, 'exams')).toEqual({ typed: prefixes('hemo'), overwritten: [] });
    expect(lookedUp.filter((term) => !'hemo'.startsWith(term))).toEqual([]);
    expect(await page.getByRole('option').first().textContent()).toMatch(/^Hemograma/);
    await page.close();
  });

  it('asks nothing for text the box no longer holds: a suggestion picked while the next look-up waits does not reopen the list', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    // The page's clock runs as usual until it is paused below; then the look-up's delay waits for runFor.
    await page.clock.install();
    const lookedUp: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/exam/search')) lookedUp.push((JSON.parse(request.postData() ?? '{}') as { term: string }).term);
    });
    await page.goto(`${base}/`);
    const box = page.locator('#exams');
    await box.pressSequentially('creati');
    const creatinina = page.getByRole('option', { name: /^Creatinina/ }).first();
    await creatinina.waitFor();
    // The patient types on and, before the look-up of "creatinna" is due, taps the suggestion already on screen.
    // (Half a second ahead: the page's clock runs on while this is asked; the look-up of "creati" has answered.)
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
    await box.pressSequentially('nna');
    await creatinina.click();
    await page.locator('.cl-exam-chip', { hasText: 'Creatinina' }).waitFor();
    await page.clock.runFor(1000);
    await page.clock.resume();
    // A later look-up's answer: had one been asked for "creatinna", its request went out before this one's.
    await box.pressSequentially('hemo');
    await page.getByRole('option', { name: /^Hemograma/ }).first().waitFor();
    expect(lookedUp.filter((term) => term.startsWith('creatinn'))).toEqual([]);
    expect(await box.inputValue()).toBe('hemo');
    await page.close();
  });
});
