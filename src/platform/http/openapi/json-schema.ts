export type JsonSchema = Record<string, unknown>;
