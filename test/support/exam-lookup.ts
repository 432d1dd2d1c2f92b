import type { Locator, Page } from 'playwright-core';
import { waitFor } from './wait';

/**
 * Types `typed` into an exam look-up box (the storefront's or the back office's: both ask `POST /api/exam/search`) and
 * answers the suggestions shown for the whole text, in order. On a busy machine a pause between two letters asks for a
 * shorter prefix first, and that list shows until the answer for the whole text replaces it: a run of the walks read
 * the list of "he" for "hemo". Each option names its exam's FONASA code, so the list is the text's when it shows its
 * answer's codes in its order.
 */
export async function examSuggestions(page: Page, box: Locator, typed: string, delay?: number): Promise<string[]> {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/exam/search') && (JSON.parse(r.request().postData() ?? '{}') as { term?: string }).term === typed.trim());
  await box.pressSequentially(typed, { delay });
  const answer = (await (await answered).json()) as { data: { items: { codeDotted: string }[] } };
  const codes = answer.data.items.map((exam) => exam.codeDotted);
  const options = page.locator('.p-autocomplete-panel [role="option"]');
  const isAnswer = (shown: string[]) => shown.length === codes.length && shown.every((text, i) => text.includes(codes[i]));
  const shown = await waitFor(() => options.allTextContents(), isAnswer);
  if (!isAnswer(shown)) throw new Error(`the list for "${typed}" never showed its answer (${codes.join(', ')}): ${JSON.stringify(shown)}`);
  return shown;
}
