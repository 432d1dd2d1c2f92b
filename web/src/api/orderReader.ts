import type { OrderLineChoice, ReadOrderAnswer, ReadOrderRequest } from '@contracts';
import { api } from './client';

/**
 * The order reader (`/api/exam/read-order`): a medical order, pasted or photographed, read line by line.
 * A module of its own, so the storefront's pages load it without the back office's data provider.
 */
export const orderReaderCalls = {
  /** Reads pasted text (64 kB at most). */
  read: (text: string): Promise<ReadOrderAnswer> => api.post('/api/exam/read-order', { text } satisfies ReadOrderRequest),
  /** Reads a photo (JPEG, PNG or WebP, 10 MB at most); the answer's `text` is what was read of it. */
  readPhoto(photo: File): Promise<ReadOrderAnswer> {
    const form = new FormData();
    form.append('file', photo);
    return api.upload('/api/exam/read-order/photo', form);
  },
  /** The alternative a patient chose for an ambiguous line (the reader learns from it): nobody waits for it. */
  recordChoice: (choice: OrderLineChoice): Promise<unknown> => api.postQuietly('/api/exam/read-order/choice', choice),
};
