/**
 * The photos feature's door: uploads and stored photos (docs/DESIGN.md §5 "Uploads"). What other features and the app may use of it is exported here
 * and nowhere else; its other files are its own (docs/ARCHITECTURE.md "Server features", enforced by
 * Biome's noRestrictedImports in biome.json).
 */
export {
  assertOwnPhoto,
  claimUpload,
  releaseUpload,
  storeUploadedPhoto,
  sweepAbandonedUploads,
  uploadIdFromUrl,
} from "./service";
