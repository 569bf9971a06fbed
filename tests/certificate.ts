/**
 * A self-signed certificate for `localhost`, for an app served over HTTPS in a test or a bench
 * (README "HTTPS"): written as PEM files into `dir`, for `TLS_CERT_FILE` and `TLS_KEY_FILE`.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { generate } from "selfsigned";

/** The certificate's PEM text and the paths of its two files. */
export interface LocalhostCertificate {
  cert: string;
  certFile: string;
  keyFile: string;
}

/** Makes a 2048-bit RSA certificate for `localhost` and writes `cert.pem` and `key.pem` into `dir`. */
export async function localhostCertificate(dir: string): Promise<LocalhostCertificate> {
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keySize: 2048,
    extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }],
  });
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  writeFileSync(certFile, pems.cert);
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  return { cert: pems.cert, certFile, keyFile };
}
