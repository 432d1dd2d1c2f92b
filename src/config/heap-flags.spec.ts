import { HEAP_FLAGS, needsHeapFlags, processEnvironment } from './heap-flags';

describe('the heap flags main.ts applies', () => {
  it('executes the process again when neither the command line nor NODE_OPTIONS sizes the young generation', () => {
    expect(needsHeapFlags([], undefined)).toBe(true);
    expect(needsHeapFlags(['--enable-source-maps'], '--require ./x.cjs')).toBe(true);
  });

  it('leaves a size given on the command line or in NODE_OPTIONS as it is, so the re-executed process never loops', () => {
    expect(needsHeapFlags(HEAP_FLAGS, undefined)).toBe(false);
    expect(needsHeapFlags(['--max-semi-space-size=64'], undefined)).toBe(false);
    expect(needsHeapFlags(['--max_semi_space_size=8'], undefined)).toBe(false);
    expect(needsHeapFlags([], '--max-old-space-size=512 --max-semi-space-size=32')).toBe(false);
  });

  it('executes it again with two malloc arenas unless the environment names a number', () => {
    expect(processEnvironment({ PORT: '3000' })).toEqual({ PORT: '3000', MALLOC_ARENA_MAX: '2' });
    expect(processEnvironment({ MALLOC_ARENA_MAX: '4' })).toEqual({ MALLOC_ARENA_MAX: '4' });
  });
});
