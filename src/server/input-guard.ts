/**
 * Characters no field of ours may hold, refused by one hook for every API route, before
 * validation, with 400 naming the field — no route can forget it:
 * - NUL (U+0000): PostgreSQL cannot store it, and the query would fail with SQLSTATE 22021;
 * - the other C0 control characters (U+0001–U+001F): a lone carriage return in a meal's title
 *   reaches `.ics` files, where calendar programs may read it as a line break and take what
 *   follows as injected properties, and none of them belongs in a name, a title or an address.
 *   Multi-line fields (a description, a message, a review…) keep tab and newline; a CRLF pasted
 *   into them is stored as a newline;
 * - in one-line fields, invisible format characters: the bidirectional overrides and isolates
 *   (U+202A–U+202E, U+2066–U+2069) that make "exe.pdf" read "fdp.exe", the zero-width space and
 *   direction marks (U+200B, U+200E, U+200F), the line and paragraph separators (U+2028, U+2029)
 *   and the byte-order mark (U+FEFF): a name or a title that shows otherwise than it reads misleads
 *   whoever trusts it. The zero-width joiners (U+200C, U+200D) stay: scripts and emoji need them.
 */
import type { FastifyInstance } from "fastify";
import { msg } from "../contract/messages";
import { validation } from "./errors";

/** Deeper JSON than this is not walked further (our bodies are flat; the body limit bounds size). */
const MAX_DEPTH = 32;

/**
 * Fields people write several lines in (the forms' text areas), by their name in any body: these
 * may hold tab and newline. Every other string, and every query string, is one line.
 */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set([
  "description",
  "ingredients",
  "reheating",
  "message",
  "body",
  "text",
  "reason",
  "bio",
  // A group's texts and an application's answers (docs/features/groups.md).
  "welcome",
  "rules",
  "answers",
]);

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE_REFUSED = /[\u0000-\u001f]/;
/** Invisible characters that change how a line reads (see above). */
const INVISIBLE_FORMAT = /[\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000b-\u001f]/;

/** What was found in a string, and where. */
export interface ControlCharacter {
  /** The dotted path of the field, e.g. `title` or `items.2.name`; `(key)` for a record's key. */
  field: string;
  /** NUL gets its own message: it is the one PostgreSQL itself refuses. */
  kind: "nul" | "control" | "invisible";
}

const inspect = (text: string, multiLine: boolean): ControlCharacter["kind"] | undefined => {
  if (text.includes("\u0000")) return "nul";
  if ((multiLine ? MULTI_LINE_REFUSED : SINGLE_LINE_REFUSED).test(text)) return "control";
  return !multiLine && INVISIBLE_FORMAT.test(text) ? "invisible" : undefined;
};

/**
 * The first string (or key) holding a character it may not hold; multi-line fields' CRLF pairs
 * are turned into newlines in place first, so only a lone carriage return is refused there.
 * @param multiLine the field names that may hold several lines (none for a query string)
 * @returns where and what, or undefined when every string is clean
 */
export function findControlCharacter(
  value: unknown,
  path: string[] = [],
  multiLine: ReadonlySet<string> = MULTI_LINE_FIELDS,
): ControlCharacter | undefined {
  if (typeof value === "string") {
    const kind = inspect(value, false);
    return kind ? { field: path.join(".") || "value", kind } : undefined;
  }
  if (value === null || typeof value !== "object" || path.length > MAX_DEPTH) return undefined;
  // A raw upload's bytes (the local driver's PUT) hold no text: walking a 6 MB Buffer entry by entry
  // took seconds of CPU.
  if (ArrayBuffer.isView(value)) return undefined;
  const record = value as Record<string, unknown>;
  for (const [key, item] of Object.entries(record)) {
    const keyKind = inspect(key, false);
    if (keyKind) return { field: [...path, "(key)"].join("."), kind: keyKind };
    if (typeof item === "string" && multiLine.has(key)) {
      const normalized = item.replaceAll("\r\n", "\n");
      if (normalized !== item) record[key] = normalized;
      const kind = inspect(normalized, true);
      if (kind) return { field: [...path, key].join("."), kind };
      continue;
    }
    // A list of texts people write several lines in (a group application's answers).
    if (Array.isArray(item) && multiLine.has(key)) {
      for (const [index, entry] of item.entries()) {
        if (typeof entry !== "string") continue;
        const normalized = entry.replaceAll("\r\n", "\n");
        if (normalized !== entry) item[index] = normalized;
        const kind = inspect(normalized, true);
        if (kind) return { field: [...path, key, String(index)].join("."), kind };
      }
      continue;
    }
    const found = findControlCharacter(item, [...path, key], multiLine);
    if (found) return found;
  }
  return undefined;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route stores none of its input and cleans it itself (e.g. sign-in's `returnTo`). */
    inputGuard?: false;
  }
}

/** Registers the hook on every /api route: body and query strings, before zod sees them. */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    if (!request.url.startsWith("/api/") || request.routeOptions.config.inputGuard === false) return;
    // Query strings are always one line; a body's multi-line fields may hold tab and newline.
    const found =
      findControlCharacter(request.query, [], new Set()) ?? findControlCharacter(request.body, []);
    if (!found) return;
    if (found.kind === "nul") {
      throw validation(msg("Text must not contain NUL characters."), {
        [found.field]: msg("Must not contain NUL characters"),
      });
    }
    if (found.kind === "invisible") {
      throw validation(msg("Text must not contain invisible formatting characters."), {
        [found.field]: msg("Must not contain invisible formatting characters"),
      });
    }
    throw validation(msg("Text must not contain control characters."), {
      [found.field]: msg("Must not contain control characters such as line breaks"),
    });
  });
}
