import { useEffect, useState } from 'react';

/** How long typing pauses before a back-office list filter asks again (the lists' and a branch's prices' search). */
export const FILTER_DELAY_MS = 300;

/**
 * Spec §9's fetch delay: how long typing pauses before the storefront and the look-ups ask (exam look-ups are given it
 * as PrimeReact AutoComplete's `delay`, which waits on its own before calling `completeMethod`).
 */
export const FETCH_DELAY_MS = 200;

/**
 * `value` once it has stayed the same for `delayMs`: what a person types becomes one request when they pause, not
 * one per key. The first render answers `value` itself (nothing is waited for on mount).
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
