// Works around prisma/orm#27403: Prisma's schema engine cannot deserialize PostgreSQL's
// internal `name`/`char` catalog types (OID 19/18, arrays 1003/1002) when it reads the
// database through @prisma/adapter-pg. They are plain text, so report them as text/text[].
import { Result } from 'pg';

const TEXT = 25;
const TEXT_ARRAY = 1009;
const REMAP: Record<number, number> = { 18: TEXT, 19: TEXT, 1002: TEXT_ARRAY, 1003: TEXT_ARRAY };

// addFields is internal to pg (not in its types): it receives each result's column descriptions.
const prototype = Result.prototype as unknown as { addFields(fields: Array<{ dataTypeID: number }>): void };
const addFields = prototype.addFields;
prototype.addFields = function (fields) {
  for (const field of fields) field.dataTypeID = REMAP[field.dataTypeID] ?? field.dataTypeID;
  return addFields.call(this, fields);
};
