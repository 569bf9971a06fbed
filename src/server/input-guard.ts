/**
 * Text PostgreSQL cannot store: a NUL character (U+0000) in any string of an API request's body or
 * query would fail the query with SQLSTATE 22021 (issue 11 finding 2). One hook refuses them for
 * every route, before validation, with 400 naming the field — no route can forget it.
 */
import type { FastifyInstance } from "fastify";
import { msg } from "../contract/messages";
import { validation } from "./errors";

/** Deeper JSON than this is not walked further (our bodies are flat; the body limit bounds size). */
const MAX_DEPTH = 32;

/**
 * The path of the first string holding a NUL character, e.g. `title` or `items.2.name`; keys count
 * too, since a record's keys are stored as well.
 * @returns the dotted path, or undefined when there is none
 */
export function findNulCharacter(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "value" : undefined;
  if (value === null || typeof value !== "object" || path.length > MAX_DEPTH) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, "(key)"].join(".");
    const found = findNulCharacter(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route stores none of its input and cleans it itself (e.g. sign-in's `returnTo`). */
    nulGuard?: false;
  }
}

/** Registers the hook on every /api route: body and query strings, before zod sees them. */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    if (!request.url.startsWith("/api/") || request.routeOptions.config.nulGuard === false) return;
    const field = findNulCharacter(request.query) ?? findNulCharacter(request.body);
    if (field) {
      throw validation(msg("Text must not contain NUL characters."), {
        [field]: msg("Must not contain NUL characters"),
      });
    }
  });
}
