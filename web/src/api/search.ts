import type { KeepQuoteRequest, KeptQuoteRef, KeptQuoteView, LaboratoryPageRequest, LaboratoryPageView, QuoteRequest, QuoteResults } from '@contracts';
import { api } from './client';
import { useApiQuery } from './hooks';

const QUOTE_PATH = '/api/laboratory/search';
const laboratoryPagePath = (laboratoryId: number) => `/api/laboratory/${laboratoryId}/search`;

/** The quote of an order (/buscador) and a laboratory's public page with its prices. */
export const searchCalls = {
  /** A quote per laboratory for the whole order, with the facets of the filtered set. */
  quote: (request: QuoteRequest): Promise<QuoteResults> => api.post(QUOTE_PATH, request),
  laboratoryPage: (laboratoryId: number, request: LaboratoryPageRequest): Promise<LaboratoryPageView> => api.post(laboratoryPagePath(laboratoryId), request),
};

/** A quote read by a screen (an order at one laboratory), none asked while `request` is null. */
export const useQuote = (request: QuoteRequest | null) => useApiQuery<QuoteResults>('POST', request ? QUOTE_PATH : null, request);

/** A laboratory's public page (none asked while `laboratoryId` is null); its first page may come written in the HTML. */
export const useLaboratoryPage = (laboratoryId: number | null, request: LaboratoryPageRequest) =>
  useApiQuery<LaboratoryPageView>('POST', laboratoryId === null ? null : laboratoryPagePath(laboratoryId), request);

/** A quote kept under a reference (issue 30): kept, read again (re-quoted) and printed. */
export const keptQuoteCalls = {
  keep: (request: KeepQuoteRequest): Promise<KeptQuoteRef> => api.post('/api/quote', request),
  /** The printable quote, for the browser to open (public: the reference is the key). */
  pdfUrl: (ref: string) => `/api/quote/${ref}/pdf`,
};

export const useKeptQuote = (ref: string) => useApiQuery<KeptQuoteView>('GET', `/api/quote/${encodeURIComponent(ref)}`);
