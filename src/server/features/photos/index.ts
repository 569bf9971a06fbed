/**
 * The door of the photos feature, uploads and stored photos (docs/DESIGN.md §5 "Uploads"). Other
 * features, the jobs and the app use only what is exported here; its other files are its own, and its
 * routes.ts is for the route plugin alone (docs/ARCHITECTURE.md "Server features", enforced by Biome's
 * noRestrictedImports in biome.json).
 * @tables photos, uploads
 */

export { eraseMemberPhotos, photoKeys } from "./erasure";
export {
  assertOwnPhoto,
  claimUpload,
  releaseUpload,
  storeUploadedPhoto,
  sweepAbandonedUploads,
  uploadIdFromUrl,
} from "./service";
