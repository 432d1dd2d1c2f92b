import { variantKey, variantWidths } from '../media-url';

/** Every storage key a file row owns: the original and its variants. */
export const storedKeysOf = (file: { storageKey: string; width: number | null }): string[] => [file.storageKey, ...variantWidths(file.width).map((w) => variantKey(file.storageKey, w))];
