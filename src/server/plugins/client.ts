/**
 * The built client, with the SPA fallback for its routes: hashed assets cached for a year, the rest
 * revalidated; any other path under /api is a JSON 404.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** @param clientDir the built client's folder; without its index.html only the API is served */
export async function registerClient(app: FastifyInstance, clientDir: string) {
  const indexHtml = path.join(clientDir, "index.html");
  if (existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      // index.html.br, assets/*.js.gz … written by the build (vite.config.ts).
      preCompressed: true,
      // Our own Cache-Control below, not send's "public, max-age=0".
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === "GET" && !request.url.startsWith("/api/") && !request.url.startsWith("/oidc");
    if (isPage && existsSync(indexHtml)) {
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ message: "Not found", code: "not_found" });
  });
}
