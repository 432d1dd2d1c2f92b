import { createSlice } from '@reduxjs/toolkit';

/** How many API requests are in flight: drives the 2 px progress bar. */
const networkSlice = createSlice({
  name: 'network',
  initialState: { inFlight: 0 },
  reducers: {
    requestStarted: (state) => {
      state.inFlight += 1;
    },
    requestFinished: (state) => {
      state.inFlight = Math.max(0, state.inFlight - 1);
    },
  },
});

export const { requestStarted, requestFinished } = networkSlice.actions;
export default networkSlice.reducer;
