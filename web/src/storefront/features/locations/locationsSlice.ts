import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface Location {
  id: number;
  code: string;
  name: string;
}

type Status = 'idle' | 'loading' | 'loaded' | 'failed';

interface LocationsState {
  regions: Location[];
  regionsStatus: Status;
  comunasByRegion: Record<number, Location[]>;
  comunasStatus: Status;
  error?: string;
}

const initialState: LocationsState = { regions: [], regionsStatus: 'idle', comunasByRegion: {}, comunasStatus: 'idle' };

const locationsSlice = createSlice({
  name: 'locations',
  initialState,
  reducers: {
    regionsRequested: (state) => {
      state.regionsStatus = 'loading';
    },
    regionsLoaded: (state, action: PayloadAction<Location[]>) => {
      state.regions = action.payload;
      state.regionsStatus = 'loaded';
    },
    regionsFailed: (state, action: PayloadAction<string>) => {
      state.regionsStatus = 'failed';
      state.error = action.payload;
    },
    comunasRequested: (state, _action: PayloadAction<number>) => {
      state.comunasStatus = 'loading';
    },
    comunasLoaded: (state, action: PayloadAction<{ regionId: number; comunas: Location[] }>) => {
      state.comunasByRegion[action.payload.regionId] = action.payload.comunas;
      state.comunasStatus = 'loaded';
    },
    comunasFailed: (state, action: PayloadAction<string>) => {
      state.comunasStatus = 'failed';
      state.error = action.payload;
    },
  },
});

export const { regionsRequested, regionsLoaded, regionsFailed, comunasRequested, comunasLoaded, comunasFailed } = locationsSlice.actions;
export default locationsSlice.reducer;
