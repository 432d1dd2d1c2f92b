import type { INestApplication } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ModulesContainer } from '@nestjs/core';
// Types only: api-docs.ts imports the package on the first docs request and hands it over.
import type { OpenAPIObject } from '@nestjs/swagger';
import { z } from 'zod';
import { ACCESS_POLICY, SESSION_ONLY, type AccessPolicy } from '../../auth/access-policy';
import { PROJECT_ROOT } from '../../database/migrations';
import { ANSWER_SCHEMAS } from './answers.generated';
import { REQUEST_EXAMPLES, TAG_DESCRIPTIONS } from './examples';
import { RAW_ANSWER, type RawAnswer } from './documented-answer';
import type { JsonSchema } from './json-schema';
import { requestPartsOf, type RequestPart } from './request-parts';

type Operation = Record<string, unknown> & { operationId: string; parameters?: unknown[]; tags?: string[]; summary?: string };

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const GUIDES = ['integrations.md', 'webhooks.md'];
const ERROR_ENVELOPE = '#/components/schemas/ErrorEnvelope';
/** Where `@ApiConsumes` keeps its media types (@nestjs/swagger's DECORATORS.API_CONSUMES, which ./decorators writes). */
const API_CONSUMES = 'swagger/apiConsumes';

/** What each error status means for a caller; every error answers the same envelope. */
const ERRORS: Record<string, string> = {
  '400': 'Datos inválidos: `errors` trae los mensajes por campo.',
  '401': 'Sin sesión o clave de API válida (o vencida, o revocada).',
  '403': 'La sesión o la clave no puede hacer esto (perfil, empresa o solo sesión de una persona).',
  '404': 'No existe, o no es de tu empresa.',
  '409': 'Choca con el estado actual, o la misma Idempotency-Key llegó con otro cuerpo o sigue en curso.',
  '429': 'Demasiadas solicitudes: espera lo que dicen Retry-After y RateLimit-Reset.',
};

/**
 * The OpenAPI 3.1 document of the API, from the code itself: the paths, tags and summaries Nest and its swagger
 * decorators know; each request part from the very zod schema that validates it (`ValidBody`, `ValidQuery`,
 * `ValidParam`); each answer from the route's TypeScript return type (answers.generated.ts), inside the envelope;
 * the errors and auth schemes from the route's access policy. docs/api/integrations.md is its guide.
 */
export function buildOpenApiDocument(app: INestApplication, version: string, { DocumentBuilder, SwaggerModule }: typeof import('@nestjs/swagger')): OpenAPIObject {
  const base = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('CotizaLab API')
      .setDescription(
        [
          'Cotiza y compara exámenes de laboratorio clínico en Chile. Toda respuesta JSON es un sobre `{ code, data }` con `code` igual ' +
            'al estado HTTP; en errores trae además `message` (en español), `error` (clave estable) y `errors` (mensajes por campo).',
          // The developer's guides, with their curl examples, open the page (/api/docs renders this Markdown).
          ...GUIDES.map((name) => readFileSync(join(PROJECT_ROOT, 'docs', 'api', name), 'utf8').replace(/^# /m, '## ')),
        ].join('\n\n'),
      )
      .setVersion(version)
      .build(),
    { operationIdFactory: (controller, method) => `${controller}_${method}` },
  );
  const routes = routeHandlers(app);
  const document = base as unknown as { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown>; tags?: unknown[] };
  const usedTags = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const route = routes.get(operation.operationId);
      if (!route) throw new Error(`OpenAPI: no handler for ${operation.operationId}`);
      item[method] = describeOperation(path, method, operation, route);
      for (const tag of operation.tags ?? []) usedTags.add(tag);
    }
  }
  document.components = {
    schemas: { ...ANSWER_SCHEMAS.schemas, ErrorEnvelope: errorEnvelope() },
    securitySchemes: {
      session: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'La sesión de una persona: el token de `POST /api/auth/login`, renovable.' },
      apiKey: { type: 'http', scheme: 'bearer', description: 'Una clave de API de la empresa (`clk_live_...`), creada en /app/my-company. Actúa como un usuario del laboratorio de esa empresa.' },
    },
  };
  document.tags = [...usedTags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name }));
  return { ...base, openapi: '3.1.0', servers: [{ url: '/', description: 'Este servidor' }] } as OpenAPIObject;
}

interface RouteHandler {
  handler: object;
  controller: object;
}

/** Every route method of every controller, by the operation id the document gives it. */
function routeHandlers(app: INestApplication): Map<string, RouteHandler> {
  const routes = new Map<string, RouteHandler>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
      if (!controller) continue;
      // Its own methods and those it inherits (one base class serves banners and slides).
      for (let prototype = controller.prototype as object | null; prototype && prototype !== Object.prototype; prototype = Object.getPrototypeOf(prototype)) {
        for (const name of Object.getOwnPropertyNames(prototype)) {
          // The descriptor, not the property: reading a getter would run it.
          const handler: unknown = Object.getOwnPropertyDescriptor(prototype, name)?.value;
          const id = `${controller.name}_${name}`;
          if (name !== 'constructor' && typeof handler === 'function' && !routes.has(id)) routes.set(id, { handler, controller });
        }
      }
    }
  }
  return routes;
}

function describeOperation(path: string, method: string, operation: Operation, route: RouteHandler): Operation {
  const parts = requestPartsOf(route.handler);
  const policy: AccessPolicy | undefined = Reflect.getMetadata(ACCESS_POLICY, route.handler) ?? Reflect.getMetadata(ACCESS_POLICY, route.controller);
  const sessionOnly = Boolean(Reflect.getMetadata(SESSION_ONLY, route.handler) ?? Reflect.getMetadata(SESSION_ONLY, route.controller));
  const raw: RawAnswer | undefined = Reflect.getMetadata(RAW_ANSWER, route.handler);
  const answer = ANSWER_SCHEMAS.operations[operation.operationId];
  const consumes: string[] = Reflect.getMetadata(API_CONSUMES, route.handler) ?? [];
  const multipart = consumes.includes('multipart/form-data');
  const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

  const parameters: unknown[] = pathNames.map((name) => {
    const declared = parts.find((p): p is Extract<RequestPart, { in: 'path' }> => p.in === 'path' && p.name === name);
    return { name, in: 'path', required: true, schema: declared ? jsonSchema(declared.schema) : { type: 'string' } };
  });
  const query = parts.find((p) => p.in === 'query');
  if (query) {
    const schema = jsonSchema(query.schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      parameters.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
    }
  }
  const writes = method !== 'get';
  if (writes && policy?.kind !== 'public') {
    parameters.push({
      name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 255 },
      description: 'Repite la primera respuesta si la misma clave llega otra vez con el mismo cuerpo durante 24 horas; 409 si llega con otro cuerpo.',
    });
  }

  const body = parts.find((p) => p.in === 'body');
  const example = operation.operationId in REQUEST_EXAMPLES ? { example: REQUEST_EXAMPLES[operation.operationId] } : {};
  let requestBody: unknown;
  if (multipart) {
    const fields = body ? (jsonSchema(body.schema) as { properties?: Record<string, JsonSchema>; required?: string[] }) : {};
    const schema = { type: 'object', properties: { file: { type: 'string', format: 'binary', description: 'El archivo.' }, ...fields.properties }, required: ['file', ...(fields.required ?? [])] };
    requestBody = { required: true, content: { 'multipart/form-data': { schema, ...example } } };
  } else if (body) {
    requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(body.schema), ...example } } };
  }

  const responses: Record<string, unknown> = {};
  if (raw) responses['200'] = { description: 'El archivo.', content: Object.fromEntries(raw.mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) };
  else {
    if (answer === undefined) throw new Error(`OpenAPI: no answer schema for ${operation.operationId}; run npm run openapi:answers`);
    responses['200'] = {
      description: 'Hecho.',
      content: { 'application/json': { schema: { type: 'object', properties: { code: { type: 'integer', const: 200 }, data: answer ?? { type: 'null' } }, required: ['code', 'data'] } } },
    };
  }
  const errors = new Set<string>();
  if (parts.length > 0 || multipart) errors.add('400');
  if (policy?.kind !== 'public') ['401', '403', '429'].forEach((code) => errors.add(code));
  if (pathNames.length > 0) errors.add('404');
  if (writes && policy?.kind !== 'public') errors.add('409');
  for (const code of [...errors].sort()) responses[code] = { description: ERRORS[code], content: { 'application/json': { schema: { $ref: ERROR_ENVELOPE } } } };

  const security = !policy || policy.kind === 'public' ? [{}, { session: [] }] : sessionOnly || policy.kind !== 'provider' ? [{ session: [] }] : [{ session: [] }, { apiKey: [] }];
  const { requestBody: _swaggerBody, responses: _swaggerResponses, security: _swaggerSecurity, ...rest } = operation;
  return { ...rest, parameters, ...(requestBody ? { requestBody } : {}), responses, security };
}

/**
 * A zod schema as the JSON Schema of what a client sends (defaults optional, coercions as their target), its objects
 * closed: the validation pipe refuses a field a schema does not declare, so the document says so too.
 */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return closeObjects(rest) as JsonSchema;
}

function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (node === null || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, closeObjects(value)]);
  const schema = Object.fromEntries(entries) as JsonSchema;
  if (schema.type === 'object' && schema.properties && schema.additionalProperties === undefined) schema.additionalProperties = false;
  return schema;
}

function errorEnvelope(): JsonSchema {
  return {
    type: 'object',
    description: 'La respuesta de todo error.',
    properties: {
      code: { type: 'integer', description: 'El estado HTTP.' },
      data: { type: 'null' },
      message: { type: 'string', description: 'Qué pasó, en español, para mostrarlo.' },
      error: { type: 'string', description: 'Clave estable del error, p. ej. `LABORATORY_EXAM.SELECTION_CHANGED`.' },
      errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'Mensajes por campo.' },
    },
    required: ['code', 'data', 'message', 'error'],
  };
}
