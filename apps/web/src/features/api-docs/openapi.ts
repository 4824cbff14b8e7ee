import { ApiError, apiErrorFromResponse, clientErrorCodes } from '../../shared/api/api-error.ts';

/** The parts of an OpenAPI 3.1 document the documentation page reads. */
export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  items?: SchemaObject;
}

export interface HeaderObject {
  description?: string;
  schema?: SchemaObject;
}

export interface ResponseObject {
  description?: string;
  headers?: Record<string, HeaderObject>;
  content?: Record<string, { schema?: SchemaObject }>;
}

export interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Array<Record<string, unknown>>;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: SchemaObject }> };
  responses?: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaObject>; securitySchemes?: Record<string, unknown> };
  'x-error-codes'?: Record<string, number>;
}

export const openApiPath = '/api/openapi.json';

/** GET /api/openapi.json: the public API's own description. */
export async function fetchOpenApi(signal?: AbortSignal): Promise<OpenApiDocument> {
  let response: Response;
  try {
    response = await fetch(openApiPath, { headers: { Accept: 'application/json' }, signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: clientErrorCodes.network, message: 'Unknown Error' });
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  const document = (await response.json()) as Partial<OpenApiDocument>;
  if (!document?.openapi || typeof document.paths !== 'object') {
    throw new ApiError({ status: response.status, code: clientErrorCodes.invalidResponse, message: '' });
  }
  return document as OpenApiDocument;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface Operation extends OperationObject {
  method: (typeof methods)[number];
  path: string;
}

/** Every operation of the document, in the order of its paths. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    methods.filter((method) => item[method]).map((method) => ({ ...item[method], method, path })),
  );
}

/** A local `#/components/...` reference followed to its schema. */
export function resolveSchema(
  document: OpenApiDocument,
  schema: SchemaObject | undefined,
): SchemaObject | undefined {
  if (!schema?.$ref) return schema;
  const found = schema.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
  return (found as SchemaObject | undefined) ?? schema;
}

export interface RequestField {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** The media types a request body takes, multipart first. */
export function requestContentTypes(operation: OperationObject): string[] {
  return Object.keys(operation.requestBody?.content ?? {}).sort((a, b) =>
    a.startsWith('multipart/') ? -1 : b.startsWith('multipart/') ? 1 : 0,
  );
}

function typeOf(schema: SchemaObject): string {
  if (schema.format === 'binary') return 'file';
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  return schema.enum ? schema.enum.map(String).join(' | ') : (type ?? 'any');
}

function parameterField(document: OpenApiDocument, parameter: ParameterObject): RequestField {
  const schema = resolveSchema(document, parameter.schema) ?? {};
  return {
    name: parameter.name,
    type: typeOf(schema),
    required: Boolean(parameter.required),
    description: parameter.description ?? schema.description ?? '',
  };
}

/** The request headers an operation takes (its `in: header` parameters), such as Idempotency-Key. */
export function requestHeadersOf(document: OpenApiDocument, operation: OperationObject): RequestField[] {
  return (operation.parameters ?? [])
    .filter((parameter) => parameter.in === 'header')
    .map((parameter) => parameterField(document, parameter));
}

/**
 * The parameters of an operation: its query and path parameters, then the fields of its request
 * body (all media types merged; a file field keeps its `file` type). Header parameters are listed
 * apart, by `requestHeadersOf`.
 */
export function requestFieldsOf(document: OpenApiDocument, operation: OperationObject): RequestField[] {
  const fields = new Map<string, RequestField>();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'header') continue;
    fields.set(parameter.name, parameterField(document, parameter));
  }
  for (const type of requestContentTypes(operation)) {
    const schema = resolveSchema(document, operation.requestBody?.content?.[type]?.schema);
    for (const [name, property] of Object.entries(schema?.properties ?? {})) {
      if (fields.has(name)) continue;
      const resolved = resolveSchema(document, property) ?? {};
      fields.set(name, {
        name,
        type: typeOf(resolved),
        required: schema?.required?.includes(name) ?? false,
        description: resolved.description ?? '',
      });
    }
  }
  return [...fields.values()];
}

/** 'x-width' → 'X-Width'; names already in mixed case stay as written. */
export function headerDisplayName(name: string): string {
  if (name !== name.toLowerCase()) return name;
  return name
    .split('-')
    .map((part) => (part ? part[0]?.toUpperCase() + part.slice(1) : part))
    .join('-');
}

/** Whether an operation can be called without a key (an empty security requirement is allowed). */
export function keyOptional(operation: OperationObject): boolean {
  return (
    !operation.security || operation.security.some((requirement) => Object.keys(requirement).length === 0)
  );
}

export interface SchemaField {
  /** Where the field is in the body: `requestId`, `errors[].meta.errorCode`. */
  path: string;
  /** Present in every body: required at every level above it. */
  always: boolean;
  description: string;
}

/**
 * The leaf fields of a JSON body, objects and arrays of objects opened: the rows of a table that
 * says what each value of the body is.
 */
export function bodyFieldsOf(
  document: OpenApiDocument,
  schema: SchemaObject | undefined,
  parent = { path: '', always: true },
): SchemaField[] {
  const resolved = resolveSchema(document, schema);
  return Object.entries(resolved?.properties ?? {}).flatMap(([name, property]) => {
    const field = resolveSchema(document, property) ?? {};
    const path = parent.path ? `${parent.path}.${name}` : name;
    const always = parent.always && (resolved?.required?.includes(name) ?? false);
    const items = field.type === 'array' ? resolveSchema(document, field.items) : undefined;
    if (items?.properties) return bodyFieldsOf(document, items, { path: `${path}[]`, always });
    if (field.properties) return bodyFieldsOf(document, field, { path, always });
    return [{ path, always, description: field.description ?? '' }];
  });
}
