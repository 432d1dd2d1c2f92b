/** What the API reads (src/contracts/exams.ts): 64 kB of text, or a JPEG, PNG or WebP photo of 10 MB at most. */
export const MAX_TEXT_BYTES = 64 * 1024;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * Why a pasted text cannot be read, said before it is sent; null when it can. The limit is in bytes
 * (UTF-8), as the API counts it: an accented letter takes two.
 */
export function textProblem(text: string): string | null {
  if (text.trim() === '') return 'Pega el texto de tu orden médica para leerla.';
  if (new TextEncoder().encode(text).length > MAX_TEXT_BYTES) return 'El texto es demasiado largo para una orden médica. Pega solo los exámenes que te pidieron.';
  return null;
}

/**
 * Why a photo cannot be read, said before it is uploaded; null when it can. A file the browser gives no
 * type goes to the API, which looks at its bytes.
 */
export function photoProblem(photo: { type: string; size: number }): string | null {
  if (photo.type !== '' && !PHOTO_TYPES.includes(photo.type)) return 'No podemos leer ese tipo de archivo. Usa una foto JPG, PNG o WebP.';
  if (photo.size > MAX_PHOTO_BYTES) return 'La foto pesa más de 10 MB. Toma otra con menos resolución o elige una más liviana.';
  if (photo.size === 0) return 'La foto llegó vacía. Vuelve a tomarla.';
  return null;
}
