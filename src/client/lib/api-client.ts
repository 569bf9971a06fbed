/**
 * The one API client (spec §7, §8; docs/DESIGN.md §4 "Errors"): credentials on every call, JSON in and
 * out, and every non-2xx answer turned into `ApiError("<status>: <message>")` carrying the
 * server's field errors. A 401 from a write means the session ended: say so and sign in again.
 */
import { takeFirstAnswer } from "./first-answers";
import { i18n } from "./i18n";
import { notify } from "./notices";

/** An error answer from the API. `message` is "<status>: <server message>" (spec §8). */
export class ApiError extends Error {
  /**
   * @param code the answer's machine-readable `code` (docs/DESIGN.md §4), for the few answers a page
   *   acts on rather than only shows (e.g. `early_pickup`)
   */
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly errors: Record<string, string> = {},
    readonly code?: string,
  ) {
    super(`${status}: ${serverMessage}`);
  }
}

/** Throws an `ApiError` for a non-2xx response. */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  let message = text || response.statusText;
  let errors: Record<string, string> | undefined;
  let code: string | undefined;
  try {
    const body = JSON.parse(text);
    if (typeof body?.message === "string") message = body.message;
    if (body?.errors && typeof body.errors === "object") errors = body.errors;
    if (typeof body?.code === "string") code = body.code;
  } catch {
    // Not JSON: keep the text (spec §8 "the response body text").
  }
  throw new ApiError(response.status, message, errors, code);
}

/**
 * How a GET is asked in the server's render of a first screen, where the API answers in the server's
 * own process for the page's request (src/client/server-render.tsx); unset in a browser.
 */
let askingOnServer: ((url: string) => Promise<Response>) | undefined;

/** Makes every GET of this module ask `ask` (the server's render only, which makes no other call). */
export function askOnServer(ask: (url: string) => Promise<Response>): void {
  askingOnServer = ask;
}

/**
 * Calls the API. A body, when given, is sent as JSON. A GET the server answered inside the page is
 * answered from there (lib/first-answers.ts).
 * @throws ApiError for any non-2xx answer
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const language = i18n.language ?? "en";
  const response =
    (askingOnServer && method === "GET" && (await askingOnServer(url))) ||
    (method === "GET" && takeFirstAnswer(url, i18n.language)) ||
    (await fetch(url, {
      method,
      credentials: "include",
      // The server answers errors in the app's language, not the browser's
      // (docs/features/languages-currency-impact.md).
      headers: {
        "Accept-Language": language,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }));
  await throwIfNotOk(response);
  return response;
}

/** GETs a URL and parses its JSON. */
export async function getJson<T>(url: string): Promise<T> {
  return (await apiRequest("GET", url)).json() as Promise<T>;
}

/** How many items a list matches: `atLeast` when the server stopped counting (docs/decisions/006). */
export interface ListTotal {
  count: number;
  atLeast: boolean;
}

/** One page of a cursor-paginated list: its items, the URL of the next page, and the total if sent. */
export interface Page<T> {
  items: T[];
  next: string | null;
  /** From `X-Total-Count` / `X-Total-Relation`; lists send it with their first page. */
  total: ListTotal | null;
}

/** GETs one page of a list; the next page's URL comes from the RFC 8288 `Link` header. */
export async function getPage<T>(url: string): Promise<Page<T>> {
  const response = await apiRequest("GET", url);
  const link = response.headers.get("Link");
  const next = link ? (/<([^>]+)>;\s*rel="next"/.exec(link)?.[1] ?? null) : null;
  const count = response.headers.get("X-Total-Count");
  const total =
    count === null
      ? null
      : { count: Number(count), atLeast: response.headers.get("X-Total-Relation") === "gte" };
  return { items: (await response.json()) as T[], next, total };
}

/** spec §8: an error whose message starts with "401: " and mentions Unauthorized means signed out. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

/** spec §8: the logged-out toast, then the sign-in route after 500 ms. */
export function handleUnauthorized(): void {
  notify({
    title: i18n.t("Unauthorized"),
    description: i18n.t("You are logged out. Logging in again..."),
    variant: "destructive",
  });
  setTimeout(() => {
    window.location.href = `/api/login?returnTo=${encodeURIComponent(window.location.pathname)}`;
  }, 500);
}

/** The server's message of an error, or `fallback` when it gave none (spec §8 toasts). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage && error.status < 500
    ? error.serverMessage
    : fallback;
}
