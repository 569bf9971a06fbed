/**
 * The photo flow's endpoints (spec §7): `POST /api/objects/upload`, `PUT /api/uploads/{id}` (the
 * local driver's upload target), `PUT /api/meal-photos`, and `GET /objects/photos/{file}`, which
 * serves stored photos with immutable caching (their names never change content).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema, idParamsSchema } from "../../../contract/common";
import { DOCUMENT_MAX_BYTES } from "../../../contract/cooks";
import {
  registeredPhotoSchema,
  registerPhotoSchema,
  uploadParamsSchema,
  uploadRequestSchema,
} from "../../../contract/photos";
import { requireActor } from "../../auth/users";
import type { Db } from "../../db/client";
import type { ObjectStorage } from "../../storage/storage";
import { createUpload, mediumPhotoOf, receiveUpload, registerPhoto } from "./service";

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
};

/** Signed-in routes; the caller's scope already requires a user. */
export async function registerPhotoRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: ObjectStorage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/objects/upload",
    {
      schema: {
        tags: ["photos"],
        summary:
          "Upload parameters: an expiring, single-use URL to PUT one photo (≤ 5 MB) or, with purpose document, one cook application document (≤ 10 MB) to",
        body: uploadRequestSchema,
        response: { 200: uploadParamsSchema, ...errors },
      },
    },
    async (request) =>
      createUpload(db, storage, requireActor(request), request.body?.contentLength, request.body?.purpose),
  );
  await registerMealPhotoRoute(app, { db, storage });
}

/** A meal photo processed from its upload. */
async function registerMealPhotoRoute(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: ObjectStorage },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    "/api/meal-photos",
    {
      schema: {
        tags: ["photos"],
        summary: "Register an uploaded photo: checked, stripped of metadata, stored as WebP",
        body: registerPhotoSchema,
        response: { 200: registeredPhotoSchema, ...errors },
      },
    },
    async (request) => registerPhoto(db, storage, requireActor(request), request.body.photoURL),
  );

  if (storage.kind === "local") {
    // The file arrives raw (any content type); only this route takes large bodies: up to 10 MB for
    // documents, and the upload's own purpose limits photos to 5 MB.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        "*",
        { parseAs: "buffer", bodyLimit: DOCUMENT_MAX_BYTES },
        (_request, body, done) => done(null, body),
      );
      scope.withTypeProvider<ZodTypeProvider>().put(
        "/api/uploads/:id",
        {
          bodyLimit: DOCUMENT_MAX_BYTES,
          schema: {
            tags: ["photos"],
            summary: "Upload target of the local storage driver (single use, expires)",
            params: idParamsSchema,
            response: { 200: z.object({ ok: z.literal(true) }), ...errors },
          },
        },
        async (request) => {
          const body = request.body;
          if (!Buffer.isBuffer(body) || body.length === 0) {
            return Promise.reject(Object.assign(new Error("The file is empty."), { statusCode: 400 }));
          }
          await receiveUpload(db, storage, requireActor(request), request.params.id, body);
          return { ok: true as const };
        },
      );
    });
  }
}

const PHOTO_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-400|-800)?\.webp$/;

/** Public photo serving, outside /api: the 1600 px photo, its 800 px copy and its 400 px thumbnail. */
export function registerPhotoServing(app: FastifyInstance, { storage }: { storage: ObjectStorage }) {
  app.get<{ Params: { file: string } }>("/objects/photos/:file", async (request, reply) => {
    const { file } = request.params;
    const match = PHOTO_FILE.exec(file);
    if (!match) return reply.status(404).send({ message: "Not found", code: "not_found" });
    const cached = (type: string) =>
      reply.type(type).header("Cache-Control", "public, max-age=31536000, immutable");
    const object = await storage.open(`photos/${file}`);
    if (object) return cached("image/webp").header("Content-Length", object.size).send(object.stream);
    // A photo stored before the 800 px size existed gets it the first time it is asked for.
    const medium = match[2] === "-800" ? await mediumPhotoOf(storage, match[1]) : null;
    if (!medium) return reply.status(404).send({ message: "Not found", code: "not_found" });
    return cached("image/webp").send(medium);
  });
}
