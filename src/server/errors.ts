/**
 * The one error catalogue (docs/DESIGN.md §4 "Errors", docs/STYLE.md): every error a client can see has a
 * status, a stable `code` and a message safe to show. The Fastify error handler in app.ts maps
 * these, zod validation failures and PostgreSQL SQLSTATEs to JSON `{ message, code?, errors? }`,
 * each message in the request's language (docs/features/languages-currency-impact.md: messages are
 * keyed, `msg()`).
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import type { Language } from "../contract/i18n";
import { fillPlaceholders, type Message, type MessageParams, msg } from "../contract/messages";
import { translate } from "./i18n";

declare module "fastify" {
  interface FastifyRequest {
    /** The language this request's answers are written in (app.ts sets it; i18n.ts). */
    lng: Language;
  }
}

/**
 * An error meant for the client: its message is shown, in the request's language. `key` is a
 * `msg()` text; `params` fill its placeholders (names, titles: values only known at run time);
 * `retryAfterSeconds` goes out as `Retry-After` (a 429 that knows when it ends).
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly key: Message,
    readonly errors?: Record<string, Message>,
    readonly params?: MessageParams,
    readonly retryAfterSeconds?: number,
  ) {
    super(fillPlaceholders(key, params));
  }
}

/** 400: the input breaks a rule; `errors` maps field names to the spec's messages. */
export const validation = (message: Message, errors?: Record<string, Message>) =>
  new AppError(400, "validation_failed", message, errors);
/** 401: no signed-in user. */
export const unauthorized = (message = msg("Unauthorized")) => new AppError(401, "unauthorized", message);
/** 403: signed in, but not allowed. */
export const forbidden = (message = msg("You are not allowed to do that.")) =>
  new AppError(403, "forbidden", message);
/** 404: missing, or not yours to see (docs/DESIGN.md §4: threads answer 404 to strangers). */
export const notFound = (message = msg("Not found")) => new AppError(404, "not_found", message);
/** 409: the request conflicts with the current state. */
export const conflict = (message: Message, code = "conflict", params?: MessageParams) =>
  new AppError(409, code, message, undefined, params);

interface PgError {
  code?: string;
  constraint?: string;
}

/** The SQLSTATE of a database error, also when Drizzle wraps the driver's error as its cause. */
export function sqlState(error: unknown): string | undefined {
  const outer = error as PgError & { cause?: PgError };
  return outer?.cause?.code ?? outer?.code;
}

/** SQLSTATEs a client's value can cause: check, bad text/number/date, NUL, out of range. */
const invalidValueCodes = new Set(["23514", "22P02", "22001", "22021", "22P05", "22003", "22007", "22008"]);

/** A statement cancelled by its timeout (57014) or a lock not granted in time (55P03). */
const busyCodes = new Set(["57014", "55P03"]);
/** What a 503 for a busy or unreachable database asks the client to wait, in seconds. */
const BUSY_RETRY_AFTER_SECONDS = 2;

const connectionErrorCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "57P01",
  "57P03",
  "08006",
  "08001",
]);

/**
 * The Fastify error handler: the only place errors become responses, each message in the
 * request's language with money in `currency`. 5xx details are logged, never sent.
 */
export function errorHandlerFor(currency: string, defaultLanguage: Language) {
  return function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const say = (text: string, params?: MessageParams) =>
      translate(text, request.lng ?? defaultLanguage, currency, params);
    const sayAll = (errors?: Record<string, string>) =>
      errors && Object.fromEntries(Object.entries(errors).map(([field, text]) => [field, say(text)]));
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header("Retry-After", String(error.retryAfterSeconds));
      return reply
        .status(error.statusCode)
        .send(body(say(error.key, error.params), error.code, sayAll(error.errors)));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || (error.validationContext ?? "body");
        errors[field] ??= say(issue.message ?? msg("Invalid value"));
      }
      const first = Object.values(errors)[0] ?? say(msg("Invalid request"));
      return reply.status(400).send(body(first, "validation_failed", errors));
    }
    const answered = databaseErrorAnswer(error, request, reply, say);
    if (answered) return answered;
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "unhandled error");
      return reply.status(500).send(body(say(msg("Something went wrong. Please try again.")), "internal"));
    }
    if (status === 429) {
      return reply
        .status(429)
        .send(body(say(msg("Too many requests. Please wait a moment and try again.")), "rate_limited"));
    }
    // Fastify's own 4xx (bad JSON, unsupported media type, body too large) carry safe messages,
    // in English: they are about the request's form, which the app itself never gets wrong.
    return reply.status(status).send(body(error.message, error.code?.toLowerCase()));
  };
}

/**
 * The answer to a PostgreSQL error that a client's request can meet: a duplicate (409), a missing
 * reference (404), a value validation missed (400), the database gone (503) or too busy (503, with
 * Retry-After); null for any other error.
 */
function databaseErrorAnswer(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
  say: (text: string) => string,
): FastifyReply | null {
  const pgError = (error as { cause?: PgError }).cause ?? (error as PgError);
  if (pgError.code === "23505") {
    return reply.status(409).send(body(say(msg("That already exists.")), "conflict"));
  }
  if (pgError.code === "23503") {
    return reply.status(404).send(body(say(msg("A record it refers to does not exist.")), "not_found"));
  }
  // Validation refuses these first, naming the field; this is the backstop for a value it missed.
  if (pgError.code && invalidValueCodes.has(pgError.code)) {
    return reply.status(400).send(body(say(msg("Invalid value.")), "validation_failed"));
  }
  if (pgError.code && connectionErrorCodes.has(pgError.code)) {
    request.log.error({ err: error }, "database unavailable");
    return reply
      .status(503)
      .header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS))
      .send(body(say(msg("The service is temporarily unavailable. Please try again.")), "unavailable"));
  }
  // A burst: no pooled connection came free in time, or a statement or a lock wait ran out of
  // time (db/client.ts sets both). The client should come back shortly, not see a 500.
  if (
    (pgError.code && busyCodes.has(pgError.code)) ||
    /timeout exceeded when trying to connect/.test(String((pgError as Error).message ?? ""))
  ) {
    request.log.warn({ err: error }, "database busy");
    return reply
      .status(503)
      .header("Retry-After", String(BUSY_RETRY_AFTER_SECONDS))
      .send(body(say(msg("The service is busy. Please try again.")), "busy"));
  }
  return null;
}

/**
 * Errors Fastify's router raises before any route or hook runs (Fastify's `frameworkErrors`):
 * a URL whose percent-escapes do not decode, a path parameter over the length limit. Same JSON
 * shape as every other error (docs/features/operations.md finding 6).
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return reply.status(414).send(body("The address is too long.", "uri_too_long"));
  }
  if (error.code === "FST_ERR_BAD_URL") {
    return reply.status(400).send(body("The address is not valid.", "bad_url"));
  }
  return reply.status(error.statusCode ?? 400).send(body("Bad request.", "bad_request"));
}

/**
 * Requests Node's HTTP parser refuses (malformed, headers too large, timed out) never reach
 * Fastify; this writes the answer on the socket in the usual JSON shape (Fastify's
 * `clientErrorHandler`). A socket already gone gets nothing.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message, code] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "The request took too long.", "timeout"]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "The request headers are too large.", "headers_too_large"]
        : [400, "The request is malformed.", "bad_request"];
  const json = JSON.stringify(body(message, code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}

function body(message: string, code?: string, errors?: Record<string, string>) {
  return { message, ...(code ? { code } : {}), ...(errors ? { errors } : {}) };
}
