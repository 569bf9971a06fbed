/**
 * The requests feature's query keys, nested so that a prefix names a family: `all` covers both
 * lists and every thread, `detail(id)` a thread and its older messages. Their string parts joined
 * with "/" are the URLs they load (spec §7).
 */
export const requestKeys = {
  all: ["/api/requests"] as const,
  list: (type: "incoming" | "outgoing") => ["/api/requests", { type }] as const,
  detail: (id: string) => ["/api/requests", id] as const,
  older: (id: string, url: string | null) => ["/api/requests", id, "older", url] as const,
};
