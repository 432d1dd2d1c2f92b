/**
 * Writes src/platform/http/openapi/answers.generated.ts: the JSON Schema of what every API route answers inside
 * the envelope's `data`, worked out by the TypeScript checker from the route method's own return type (a query's
 * or command's declared result), so the OpenAPI document can never describe an answer the code does not give.
 * A route whose method cannot say it (it writes the response itself, or answers already serialized JSON) names its
 * answer with `@DocumentedAnswer<T>()`, and this reads T.
 *
 *   node scripts/openapi-answers.mts           writes the file
 *   node scripts/openapi-answers.mts --check   exits 1 when the file is not what the code says (npm test runs it)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

type Schema = Record<string, unknown>;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'src/platform/http/openapi/answers.generated.ts');
const ROUTE_DECORATORS = new Set(['Get', 'Post', 'Put', 'Patch', 'Delete']);

export function answerSchemas(): { operations: Record<string, Schema | null>; schemas: Record<string, Schema> } {
  const config = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(String(d.messageText)); } })!;
  const controllers = config.fileNames.filter((file) => file.endsWith('.controller.ts'));
  const program = ts.createProgram(controllers, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const schemas: Record<string, Schema> = {};
  const named = new Map<ts.Type, string>();
  const operations: Record<string, Schema | null> = {};

  const decoratorsOf = (node: ts.Node) => (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []);
  const decoratorName = (d: ts.Decorator) => (ts.isCallExpression(d.expression) && ts.isIdentifier(d.expression.expression) ? d.expression.expression.text : undefined);

  // A type declared in our own source under its own name becomes a component; the rest is inlined.
  function componentName(type: ts.Type): string | undefined {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const declaration = symbol?.declarations?.[0];
    if (!symbol || !declaration) return undefined;
    const file = declaration.getSourceFile().fileName;
    if (!file.startsWith(join(root, 'src')) || file.includes('/generated/')) return undefined;
    if (!ts.isInterfaceDeclaration(declaration) && !ts.isTypeAliasDeclaration(declaration) && !ts.isClassDeclaration(declaration)) return undefined;
    const args = type.aliasTypeArguments ?? (type as ts.TypeReference).typeArguments ?? [];
    if (args.length > 0) return undefined;
    return symbol.getName();
  }

  function describe(symbol: ts.Symbol): string | undefined {
    const text = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
    return text || undefined;
  }

  function toSchema(type: ts.Type, seen: Set<ts.Type>): Schema {
    const flags = type.getFlags();
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.StringLiteral) return { type: 'string', const: (type as ts.StringLiteralType).value };
    if (flags & ts.TypeFlags.NumberLiteral) return { type: 'number', const: (type as ts.NumberLiteralType).value };
    if (flags & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', const: checker.typeToString(type) === 'true' };
    if (flags & ts.TypeFlags.String || flags & ts.TypeFlags.TemplateLiteral) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    // BigInt ids travel as strings (src/platform/http/serialized-json.ts and the app's JSON replacer).
    if (flags & (ts.TypeFlags.BigInt | ts.TypeFlags.BigIntLiteral)) return { type: 'string', pattern: '^-?\\d+$' };
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Never)) return { type: 'null' };
    // Prisma's JSON columns: any JSON value (a route that knows their shape says it in its own type).
    if (type.aliasSymbol?.getName() === 'JsonValue') return {};
    // The server's view of a wire type (dates still Date): on the wire it is the contract itself.
    if (type.aliasSymbol?.getName() === 'ServerSide' && type.aliasTypeArguments?.length) return toSchema(type.aliasTypeArguments[0], seen);
    if (type.isUnion()) return unionSchema(type, seen);
    if (type.isIntersection()) return objectSchema(type, seen);
    const symbolName = type.getSymbol()?.getName();
    if (symbolName === 'Date') return { type: 'string', format: 'date-time' };
    if (symbolName === 'Decimal') return { type: 'string' };
    if (checker.isArrayType(type)) return { type: 'array', items: toSchema(checker.getTypeArguments(type as ts.TypeReference)[0], seen) };
    if (checker.isTupleType(type)) {
      const items = checker.getTypeArguments(type as ts.TypeReference).map((t) => toSchema(t, seen));
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    const name = componentName(type);
    if (name) {
      const known = named.get(type);
      if (known) return { $ref: `#/components/schemas/${known}` };
      let unique = name;
      for (let n = 2; unique in schemas; n++) unique = `${name}${n}`;
      named.set(type, unique);
      schemas[unique] = {};
      schemas[unique] = objectSchema(type, seen);
      return { $ref: `#/components/schemas/${unique}` };
    }
    if (seen.has(type)) return {};
    return objectSchema(type, new Set(seen).add(type));
  }

  function unionSchema(type: ts.UnionType, seen: Set<ts.Type>): Schema {
    const members = type.types.filter((t) => !(t.getFlags() & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
    const nullable = members.some((t) => t.getFlags() & ts.TypeFlags.Null);
    const rest = members.filter((t) => !(t.getFlags() & ts.TypeFlags.Null));
    const booleans = rest.filter((t) => t.getFlags() & ts.TypeFlags.BooleanLiteral);
    const others = rest.filter((t) => !(t.getFlags() & ts.TypeFlags.BooleanLiteral));
    const parts: Schema[] = booleans.length === 2 ? [{ type: 'boolean' }] : booleans.map((t) => toSchema(t, seen));
    const strings = others.filter((t) => t.getFlags() & ts.TypeFlags.StringLiteral) as ts.StringLiteralType[];
    if (strings.length > 1) parts.push({ type: 'string', enum: strings.map((t) => t.value) });
    else if (strings.length === 1) parts.push(toSchema(strings[0], seen));
    for (const t of others) if (!(t.getFlags() & ts.TypeFlags.StringLiteral)) parts.push(toSchema(t, seen));
    // `ServerSide<T>` makes every string of a contract `string | Date` (the server may still hold a Date): on the
    // wire both are the string, so a Date beside a string drops out.
    const isDate = (part: Schema) => part.type === 'string' && part.format === 'date-time';
    const kept = parts.some((part) => part.type === 'string' && !isDate(part)) ? parts.filter((part) => !isDate(part)) : parts;
    const unique = [...new Set(kept.map((part) => JSON.stringify(part)))].map((key) => JSON.parse(key) as Schema);
    const schema: Schema = unique.length === 1 ? unique[0] : { anyOf: unique };
    if (!nullable) return schema;
    if (typeof schema.type === 'string' && !schema.const && !schema.$ref) {
      const withNull: Schema = { ...schema, type: [schema.type, 'null'] };
      if (Array.isArray(schema.enum)) withNull.enum = [...schema.enum, null];
      return withNull;
    }
    return { anyOf: [...(schema.anyOf ? (schema.anyOf as Schema[]) : [schema]), { type: 'null' }] };
  }

  function objectSchema(type: ts.Type, seen: Set<ts.Type>): Schema {
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      const propertyType = declaration ? checker.getTypeOfSymbolAtLocation(property, declaration) : checker.getTypeOfSymbol(property);
      if (propertyType.getCallSignatures().length > 0) continue;
      const optional = (property.getFlags() & ts.SymbolFlags.Optional) !== 0 || (propertyType.isUnion() && propertyType.types.some((t) => t.getFlags() & ts.TypeFlags.Undefined));
      const schema = toSchema(propertyType, seen);
      const description = describe(property);
      properties[property.getName()] = description && !schema.$ref ? { ...schema, description } : schema;
      if (!optional) required.push(property.getName());
    }
    const index = checker.getIndexInfosOfType(type).find((info) => info.keyType.getFlags() & (ts.TypeFlags.String | ts.TypeFlags.Number));
    const schema: Schema = { type: 'object', properties };
    if (required.length > 0) schema.required = required;
    schema.additionalProperties = index ? toSchema(index.type, seen) : false;
    return schema;
  }

  // A controller's members, then those of its base classes it does not override (one base serves banners and slides).
  function membersWithInherited(node: ts.ClassDeclaration): ts.ClassElement[] {
    const members = [...node.members];
    const names = new Set(members.map((m) => m.name?.getText()));
    const base = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
    const declaration = base && checker.getTypeAtLocation(base.expression).getSymbol()?.valueDeclaration;
    if (declaration && ts.isClassDeclaration(declaration)) {
      for (const member of membersWithInherited(declaration)) if (!names.has(member.name?.getText())) members.push(member);
    }
    return members;
  }

  for (const file of program.getSourceFiles()) {
    if (!controllers.includes(file.fileName)) continue;
    ts.forEachChild(file, (node) => {
      if (!ts.isClassDeclaration(node) || !node.name || !decoratorsOf(node).some((d) => decoratorName(d) === 'Controller')) return;
      // Pages for browsers and a payment gateway's callbacks, not the API (left out of the document too).
      if (decoratorsOf(node).some((d) => decoratorName(d) === 'ApiExcludeController')) return;
      for (const member of membersWithInherited(node)) {
        if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue;
        const decorators = decoratorsOf(member);
        if (!decorators.some((d) => ROUTE_DECORATORS.has(decoratorName(d) ?? ''))) continue;
        if (decorators.some((d) => decoratorName(d) === 'ApiExcludeEndpoint')) continue;
        const operationId = `${node.name.text}_${member.name.text}`;
        const documented = decorators.find((d) => decoratorName(d) === 'DocumentedAnswer');
        const writesItsOwn = member.parameters.some((p) => decoratorsOf(p).some((d) => decoratorName(d) === 'Res'));
        if (documented) {
          const argument = (documented.expression as ts.CallExpression).typeArguments?.[0];
          operations[operationId] = argument ? toSchema(checker.getTypeFromTypeNode(argument), new Set()) : null;
        } else if (writesItsOwn) {
          if (!decorators.some((d) => decoratorName(d) === 'AnswersFile')) {
            throw new Error(`${relative(root, file.fileName)}: ${operationId} writes its own response; say what it answers with @AnswersFile(...)`);
          }
          operations[operationId] = null;
        } else {
          const signature = checker.getSignatureFromDeclaration(member)!;
          const answer = checker.getAwaitedType(checker.getReturnTypeOfSignature(signature)) ?? checker.getReturnTypeOfSignature(signature);
          if (answer.getFlags() & ts.TypeFlags.Any) throw new Error(`${relative(root, file.fileName)}: ${operationId} answers 'any'; give its query or command a result type, or @DocumentedAnswer<T>()`);
          operations[operationId] = toSchema(answer, new Set());
        }
      }
    });
  }
  return { operations, schemas };
}

function render(): string {
  const { operations, schemas } = answerSchemas();
  const sorted = <T,>(record: Record<string, T>) => Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
  // One line per route and per component: a change to one answer is a one-line diff.
  const lines = (record: Record<string, unknown>) => Object.entries(sorted(record)).map(([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value)},`).join('\n');
  return `// Written by scripts/openapi-answers.mts from the routes' return types: do not edit (npm run openapi:answers).
import type { JsonSchema } from './json-schema';

export const ANSWER_SCHEMAS: { operations: Record<string, JsonSchema | null>; schemas: Record<string, JsonSchema> } = {
  operations: {
${lines(operations)}
  },
  schemas: {
${lines(schemas)}
  },
};
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = render();
  if (process.argv.includes('--check')) {
    if (readFileSync(target, 'utf8') !== text) {
      console.error(`${relative(root, target)} is not what the routes answer: run npm run openapi:answers`);
      process.exit(1);
    }
  } else {
    writeFileSync(target, text);
    console.log(`${relative(root, target)}: written`);
  }
}
