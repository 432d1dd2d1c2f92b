import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Insurer, QuoteResults } from '@contracts';
import { EMPTY_FILTER, type QuoteFilter } from './quoteFilter';

// The quote's wire types are the server's (src/contracts): re-exported for the storefront's screens.
export type { ExamQuote, FacetCount, Insurer, LaboratoryQuote, QuoteResults } from '@contracts';

type Status = 'idle' | 'loading' | 'loaded' | 'failed';

interface SearchState {
  filter: QuoteFilter;
  page: number;
  /** Set by a search so the page scrolls to the results; resets itself after 5000 ms (spec §4, §9). */
  scroll: boolean;
  results: QuoteResults | null;
  status: Status;
  error: string | null;
  /** Names of the exams in the filter, for the chips (the address bar holds only ids). */
  examNames: Record<number, string>;
  /** What the patient typed or the order said for an exam, when its name does not say it ("TSH"). */
  examTyped: Record<number, string>;
  insurers: Insurer[];
  insurersStatus: Status;
}

const initialState: SearchState = {
  filter: EMPTY_FILTER,
  page: 1,
  scroll: false,
  results: null,
  status: 'idle',
  error: null,
  examNames: {},
  examTyped: {},
  insurers: [],
  insurersStatus: 'idle',
};

const searchSlice = createSlice({
  name: 'search',
  initialState,
  reducers: {
    /** Setting the main filter resets every field it does not name (spec §4); back to page 1. */
    filterSet: (state, action: PayloadAction<Partial<QuoteFilter>>) => {
      state.filter = { ...EMPTY_FILTER, ...action.payload };
      state.page = 1;
    },
    /** The address bar's filter and page, as one step (a reload or a shared quote). */
    filterRestored: (state, action: PayloadAction<{ filter: QuoteFilter; page: number }>) => {
      state.filter = action.payload.filter;
      state.page = action.payload.page;
    },
    /** One field (or a few) changed; back to page 1, since the results are others. */
    filterChanged: (state, action: PayloadAction<Partial<QuoteFilter>>) => {
      // Comunas added to one comuna do not carry over to another.
      const moved = action.payload.location !== undefined && action.payload.location !== state.filter.location;
      state.filter = { ...state.filter, ...(moved && { addedComunas: [] }), ...action.payload };
      state.page = 1;
    },
    /** Clears the comuna and its foreign-key location, the region. */
    locationCleaned: (state) => {
      state.filter.location = null;
      state.filter.locationFk = null;
      state.filter.nearLocations = false;
      state.filter.addedComunas = [];
      state.page = 1;
    },
    /** Clears the insurer and its coverage. */
    insurerCleaned: (state) => {
      state.filter.pensionHealtInstitutionId = null;
      state.filter.coveragePercentage = null;
      state.filter.coverageCapUf = null;
      state.page = 1;
    },
    /**
     * "Limpiar filtros": drops the narrowing filters (services, a laboratory's name, an exam type) and
     * keeps what the person came with: the order, where they are, their previsión and the ordering.
     */
    filterCleaned: (state) => {
      const { exams, location, locationFk, nearLocations, addedComunas, pensionHealtInstitutionId, coveragePercentage, coverageCapUf, orderBy, orderSort } = state.filter;
      state.filter = { ...EMPTY_FILTER, exams, location, locationFk, nearLocations, addedComunas, pensionHealtInstitutionId, coveragePercentage, coverageCapUf, orderBy, orderSort };
      state.page = 1;
    },
    /** The page changes only when it differs. */
    pageChanged: (state, action: PayloadAction<number>) => {
      if (action.payload !== state.page) state.page = action.payload;
    },
    searchStarted: (state) => {
      state.status = 'loading';
      state.error = null;
      state.scroll = true;
    },
    searchLoaded: (state, action: PayloadAction<QuoteResults>) => {
      state.results = action.payload;
      state.status = 'loaded';
    },
    searchFailed: (state, action: PayloadAction<string>) => {
      state.status = 'failed';
      state.error = action.payload;
    },
    scrollReset: (state) => {
      state.scroll = false;
    },
    examNamed: (state, action: PayloadAction<{ id: number; name: string; typed?: string }[]>) => {
      for (const exam of action.payload) {
        state.examNames[exam.id] = exam.name;
        if (exam.typed) state.examTyped[exam.id] = exam.typed;
      }
    },
    /** Names wanted for exams known by id only (a reloaded page): the search saga fetches them. */
    examNamesWanted: (_state, _action: PayloadAction<number[]>) => undefined,
    insurersRequested: (state) => {
      state.insurersStatus = 'loading';
    },
    insurersLoaded: (state, action: PayloadAction<Insurer[]>) => {
      state.insurers = action.payload;
      state.insurersStatus = 'loaded';
    },
    insurersFailed: (state) => {
      state.insurersStatus = 'failed';
    },
  },
});

export const {
  filterSet, filterRestored, filterChanged, locationCleaned, insurerCleaned, filterCleaned, pageChanged,
  searchStarted, searchLoaded, searchFailed, scrollReset, examNamed, examNamesWanted, insurersRequested, insurersLoaded, insurersFailed,
} = searchSlice.actions;
export const FILTER_ACTIONS = [filterSet, filterRestored, filterChanged, locationCleaned, insurerCleaned, filterCleaned, pageChanged].map((a) => a.type);
export default searchSlice.reducer;
