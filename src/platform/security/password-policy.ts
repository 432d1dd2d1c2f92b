import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** Passwords seen most in breaches (and their Spanish favourites); refused whatever their length. */
const COMMON = new Set([
  '1234567890', '12345678910', '0123456789', '1111111111', '0000000000', '1234512345', '1q2w3e4r5t',
  'qwertyuiop', 'asdfghjkla', 'password123', 'password12', 'contraseña', 'contrasena', 'contraseña1',
  'contrasena1', 'contraseña123', 'contrasena123', 'iloveyou12', 'abcdefghij', 'abc1234567', 'qwerty1234',
  'cotizalab1', 'cotizalab123', 'laboratorio', 'laboratorio1', 'chile12345', 'santiago123',
]);

/**
 * The password policy (NIST SP 800-63B): at least 10 characters, at most 128, not a well-known
 * password, not one repeated character; no composition rules, which push people to worse ones.
 */
export const newPasswordField = z
  .string({ message: 'Ingresa una contraseña.' })
  .min(PASSWORD_MIN_LENGTH, `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.`)
  .max(PASSWORD_MAX_LENGTH, `La contraseña puede tener hasta ${PASSWORD_MAX_LENGTH} caracteres.`)
  .refine((v) => !COMMON.has(v.toLowerCase()) && !/^(.)\1+$/.test(v), 'Esa contraseña es demasiado común; elige otra.');

/** A password typed to sign in: only bounded, so that huge inputs cannot make hashing expensive. */
export const passwordField = z
  .string({ message: 'Ingresa tu contraseña.' })
  .min(1, 'Ingresa tu contraseña.')
  .max(PASSWORD_MAX_LENGTH, 'La contraseña no es válida.');
