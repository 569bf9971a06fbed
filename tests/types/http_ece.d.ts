/** The part of `http_ece` (RFC 8188 encrypted content-encoding) the fake push service uses. */
declare module "http_ece" {
  import type { ECDH } from "node:crypto";

  interface DecryptParams {
    version: "aes128gcm" | "aesgcm";
    privateKey?: ECDH;
    dh?: string;
    authSecret?: string;
    key?: string;
  }
  function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
