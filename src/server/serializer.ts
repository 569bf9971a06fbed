/**
 * Answers written from the route's response schema (docs/decisions/011): each zod schema of the
 * contract becomes a JSON Schema (`z.toJSONSchema`, output side) once, at start-up, and that
 * becomes a compiled writer (`fast-json-stringify`), so an answer is not walked by zod on every
 * request. The contract stays the one source of the shape: the writer writes only the schema's
 * properties, so a field the contract leaves out (an internal sort key) never reaches a client. A
 * schema JSON Schema cannot express (a transform) keeps zod's own serializer.
 *
 * With `verify` (tests, development) every answer is also encoded by zod as before, and a
 * difference between the two, or zod's refusal, fails the request: the whole API suite checks the
 * writers against the contract.
 */
import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { createSerializerCompiler, ResponseSerializationError } from "fastify-type-provider-zod";
import { safeEncode, type ZodType, z } from "zod";

type JsonSchema = Record<string, unknown>;

/**
 * Drops what only validates (`pattern`, `format`, bounds) and writes "X or null" as one type list,
 * which the writer handles without trying each branch.
 */
function forWriting(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forWriting);
  if (schema === null || typeof schema !== "object") return schema;
  const { pattern, format, minimum, maximum, minLength, maxLength, minItems, maxItems, ...rest } =
    schema as JsonSchema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(rest)) {
    // Property names are data, not keywords.
    copy[key] =
      key === "properties"
        ? Object.fromEntries(Object.entries(value as JsonSchema).map(([name, s]) => [name, forWriting(s)]))
        : forWriting(value);
  }
  const anyOf = copy.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === "null" && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    if (
      nullIndex >= 0 &&
      typeof other?.type === "string" &&
      other.type !== "object" &&
      other.type !== "array"
    ) {
      const { anyOf: _, ...outer } = copy;
      // A nullable enum keeps null among its values, or an object holding it matches no branch.
      const values = Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {};
      return { ...outer, ...other, ...values, type: [other.type, "null"] };
    }
  }
  return copy;
}

type Writer = (data: unknown) => string;

/**
 * Writers by schema: the contract's schemas are module constants shared by routes (the error shape
 * by all of them) and by every app a process builds (tests build hundreds), so each is compiled once.
 */
const writers = new WeakMap<ZodType, Writer | null>();

/** The compiled writer of a response schema, or null when JSON Schema cannot express it. */
export function compileWriter(schema: ZodType): Writer | null {
  let writer = writers.get(schema);
  if (writer !== undefined) return writer;
  try {
    const jsonSchema = z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "throw" });
    writer = fastJson(forWriting(jsonSchema) as never) as Writer;
  } catch {
    writer = null;
  }
  writers.set(schema, writer);
  return writer;
}

const zodSerializerCompiler = createSerializerCompiler({});

/**
 * Fastify's serializer compiler for the routes' zod response schemas.
 * @param options.verify also encode each answer with zod and fail on any difference (tests)
 */
export function createResponseSerializerCompiler(options: {
  verify: boolean;
}): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const schema = route.schema;
    const zodWrite = zodSerializerCompiler(route as never) as Writer;
    // Compiled when the route first answers with this status: most of a test's routes never do.
    let write: Writer | null | undefined;
    return (data) => {
      write ??= compileWriter(schema);
      if (!write) return zodWrite(data);
      if (!options.verify) return write(data);
      const written = write(data);
      const encoded = safeEncode(schema, data);
      if (encoded.error)
        throw new ResponseSerializationError(route.method, route.url, { cause: encoded.error });
      const expected = JSON.stringify(encoded.data);
      if (written !== expected) {
        throw new Error(
          `${route.method} ${route.url}: the compiled writer wrote ${written}, zod ${expected}`,
        );
      }
      return written;
    };
  };
}
