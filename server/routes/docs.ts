import { z } from 'zod';
import { ErrorEnvelopeSchema, PaginationSchema } from '../../src/contracts/common';
import { createRouter, type Router } from '../http/router';

type JsonSchema = Record<string, unknown>;

function toSchema(schema: z.ZodType | undefined, io: 'input' | 'output'): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** Builds the OpenAPI 3.1 document from the routers' recorded zod schemas. */
export function openApiDocument(modules: Router[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const m of modules) {
    for (const r of m.records) {
      const path = r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const params = [...path.matchAll(/\{([^}]+)\}/g)].map((x) => ({
        name: x[1],
        in: 'path',
        required: true,
        schema: { type: 'string' },
      }));
      const query = toSchema(r.spec.query, 'input') as
        | { properties?: Record<string, JsonSchema> }
        | undefined;
      for (const [name, schema] of Object.entries(query?.properties ?? {})) {
        params.push({ name, in: 'query', required: false, schema: schema as { type: string } });
      }
      if (r.spec.paged) {
        params.push({ name: 'page', in: 'query', required: false, schema: { type: 'integer' } });
        params.push({ name: 'limit', in: 'query', required: false, schema: { type: 'integer' } });
      }
      const success: JsonSchema = {
        type: 'object',
        properties: {
          status: { const: true },
          message: { type: 'string' },
          // Paged routes declare their item schema: `data` is a list of it.
          ...(r.spec.response
            ? { data: toSchema(r.spec.paged ? z.array(r.spec.response) : r.spec.response, 'output') }
            : {}),
          ...(r.spec.paged ? { pagination: toSchema(PaginationSchema, 'output') } : {}),
        },
      };
      const body = toSchema(r.spec.body, 'input');
      paths[path] ??= {};
      paths[path][r.method] = {
        tags: [r.tag],
        summary: r.spec.summary,
        security: r.spec.auth === 'public' ? [] : [{ bearer: [] }],
        'x-auth': r.spec.auth,
        parameters: params,
        ...(body
          ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } }
          : {}),
        ...(r.spec.upload
          ? {
              requestBody: {
                required: true,
                content: Object.fromEntries(
                  r.spec.upload.map((t) => [
                    t,
                    {
                      schema: t.startsWith('text/')
                        ? { type: 'string' }
                        : { type: 'string', format: 'binary' },
                    },
                  ]),
                ),
              },
            }
          : {}),
        responses: {
          [String(r.spec.status ?? 200)]: {
            description: 'Success',
            content: { 'application/json': { schema: success } },
          },
          default: {
            description: 'Failure',
            content: { 'application/json': { schema: toSchema(ErrorEnvelopeSchema, 'output') } },
          },
        },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Matka PWA API', version: '1.0.0' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}

export function docsRoutes(modules: Router[]) {
  const r = createRouter('/api/docs', 'Docs');
  let cached: ReturnType<typeof openApiDocument> | undefined;
  r.get('/openapi.json', { summary: 'This OpenAPI document', auth: 'public' }, (c) => {
    cached ??= openApiDocument([...modules, r]);
    return c.json(cached);
  });
  return r;
}
