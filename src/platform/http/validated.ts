import { Body, Param } from '@nestjs/common';
import type { z } from 'zod';
import { idParam } from './params';
import { ZodValidationPipe } from './zod-validation.pipe';

/** The request body, validated and converted by a zod schema (400 with per-field errors otherwise). */
export const ValidBody = <S extends z.ZodType>(schema: S) => Body(new ZodValidationPipe(schema));

/** The `:id` of the path, a positive database id. */
export const IdParam = () => Param('id', new ZodValidationPipe(idParam));
