/** The photos feature's public face: what pages and other features may use. */
export { MealPhotoField, UploadPhotoButton } from "./photo-field";
