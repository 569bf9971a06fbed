import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isAdmin } from "../../src/server/auth/actor";
import { ConfigError, devLoginWarning, loadConfig } from "../../src/server/config";
import { decodeCursor, encodeCursor } from "../../src/server/pagination";

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "mealshare-config-"));

describe("configuration (docs/DESIGN.md §2)", () => {
  it("has working defaults for a fresh clone", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 5000,
      publicUrl: "http://localhost:5000",
      databaseUrl: undefined,
      devLogin: true,
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it("takes card payments with all three Stripe keys, and refuses some without the rest (docs/decisions/022)", () => {
    const keys = {
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_PUBLISHABLE_KEY: "pk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    };
    expect(loadConfig({ DATA_DIR: dataDir() }).payments).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), ...keys }).payments).toMatchObject({
      feePercent: 0,
      jsUrl: "https://js.stripe.com/v3/",
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/go together/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...keys, STRIPE_SECRET_KEY: "pk_test_x" })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
  });

  it("keeps the generated session secret across restarts", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(loadConfig({ DATA_DIR: dir }).sessionSecret);
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL/],
    [{ NODE_ENV: "production" }, /SESSION_SECRET is required/],
    [
      { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) },
      /^Invalid configuration: SMTP_URL is required for emailed sign-in/,
    ],
    [{ SIGN_IN: "oidc" }, /OIDC_ISSUER_URL is required with SIGN_IN=oidc/],
    [{ SIGN_IN: "dev", NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) }, /SIGN_IN=dev/],
    [{ SIGN_IN: "passwords" }, /^Invalid configuration: SIGN_IN /],
    [{ OIDC_ISSUER_URL: "https://idp.example" }, /OIDC_CLIENT_ID must be set together/],
    [{ PUBLIC_URL: "not a url" }, /PUBLIC_URL/],
    [{ CURRENCY: "euro" }, /CURRENCY must be an ISO 4217 code/],
    [{ CURRENCY: "XYZ" }, /CURRENCY is not a currency/],
    [{ DEFAULT_LOCALE: "nl" }, /DEFAULT_LOCALE/],
    [{ TRUST_PROXY: "true" }, /TRUST_PROXY must be a hop count or a list of proxy addresses/],
    [{ TRUST_PROXY: "nginx.internal" }, /TRUST_PROXY must be a hop count/],
    [{ GEOCODER_URL: "nominatim" }, /GEOCODER_URL/],
    [{ GEOCODER_API: "google" }, /GEOCODER_API/],
    [
      { MAP_TILE_URL: "https://tiles.example.org/tile.png" },
      /MAP_TILE_URL must be an http\(s\) URL template/,
    ],
    [{ MAP_TILE_URL: "javascript:alert(1)/{z}/{x}/{y}" }, /MAP_TILE_URL/],
    [{ MAP_CENTER: "91,0,10" }, /MAP_CENTER must be a point on the earth/],
    [{ MAP_CENTER: "Berlin" }, /MAP_CENTER must be latitude,longitude,zoom/],
    [{ ALERT_DIGEST_MINUTES: "0" }, /ALERT_DIGEST_MINUTES/],
  ])("stops with one line naming the variable for %o", (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(message);
  });

  it("draws maps with OpenStreetMap's tiles and has no place search unless told otherwise", () => {
    const plain = loadConfig({ DATA_DIR: dataDir() });
    expect(plain.geocoder).toBeUndefined();
    expect(plain.map.tileUrl).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(plain.alertDigestMinutes).toBe(60);
    const set = loadConfig({
      DATA_DIR: dataDir(),
      PUBLIC_URL: "https://meals.example.org",
      GEOCODER_URL: "https://photon.example.org/",
      GEOCODER_API: "photon",
      MAP_TILE_URL: "https://{s}.tiles.example.org/{z}/{x}/{y}.png",
      MAP_CENTER: "52.52, 13.405, 12",
    });
    expect(set.geocoder).toEqual({
      url: "https://photon.example.org",
      api: "photon",
      minIntervalMs: 1000,
      userAgent: "MealShare/0.1 (+https://meals.example.org)",
    });
    expect(set.map.center).toEqual({ latitude: 52.52, longitude: 13.405, zoom: 12 });
  });

  it("finds typed addresses with OpenStreetMap's public Nominatim on a real deployment, unless told another or off (docs/decisions/018)", () => {
    const real = {
      DATA_DIR: dataDir(),
      NODE_ENV: "production",
      SESSION_SECRET: "x".repeat(40),
      SMTP_URL: "smtp://mail.example:587",
      PUBLIC_URL: "https://meals.example.org",
      SUPPORT_EMAIL: "help@meals.example.org",
    };
    expect(loadConfig(real).geocoder).toEqual({
      url: "https://nominatim.openstreetmap.org",
      api: "nominatim",
      minIntervalMs: 1000,
      userAgent: "MealShare/0.1 (+https://meals.example.org; help@meals.example.org)",
    });
    expect(loadConfig({ ...real, GEOCODER_URL: "off" }).geocoder).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: "0.0.0.0" }).geocoder?.url).toBe(
      "https://nominatim.openstreetmap.org",
    );
    // The quick start on this machine asks no outside service.
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: "127.0.0.1" }).geocoder).toBeUndefined();
  });

  it("prices in USD and speaks English unless told otherwise; takes a regional tag", () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ currency: "USD", defaultLanguage: "en" });
    expect(loadConfig({ DATA_DIR: dataDir(), CURRENCY: "EUR", DEFAULT_LOCALE: "de-AT" })).toMatchObject({
      currency: "EUR",
      defaultLanguage: "de",
    });
  });

  it("trusts a number of proxy hops or listed proxies, never every X-Forwarded-For entry", () => {
    const trustProxy = (TRUST_PROXY?: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY }).trustProxy;
    expect(trustProxy()).toBe(false);
    expect(trustProxy("0")).toBe(false);
    expect(trustProxy("1")).toBe(1);
    expect(trustProxy("2")).toBe(2);
    expect(trustProxy("10.0.0.0/8, loopback,fd00::/8")).toEqual(["10.0.0.0/8", "loopback", "fd00::/8"]);
  });

  it("serves HTTPS only with both TLS files, and names the one it cannot use", () => {
    const dir = dataDir();
    const pem = path.join(dir, "cert.pem");
    const notPem = path.join(dir, "cert.der");
    writeFileSync(pem, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    writeFileSync(notPem, "binary");
    const config = loadConfig({ DATA_DIR: dir, TLS_CERT_FILE: pem, TLS_KEY_FILE: pem });
    expect(config.tls?.cert.toString()).toContain("BEGIN CERTIFICATE");
    expect(config.publicUrl).toBe("https://localhost:5000");
    expect(loadConfig({ DATA_DIR: dir }).tls).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dir, TLS_CERT_FILE: pem })).toThrow(
      /TLS_CERT_FILE and TLS_KEY_FILE must be set together/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dir, TLS_CERT_FILE: pem, TLS_KEY_FILE: path.join(dir, "none") }),
    ).toThrow(/TLS_KEY_FILE=.*none cannot be read/);
    expect(() => loadConfig({ DATA_DIR: dir, TLS_CERT_FILE: notPem, TLS_KEY_FILE: pem })).toThrow(
      /TLS_CERT_FILE=.*cert\.der is not a PEM file/,
    );
  });

  it("splits and lower-cases ADMIN_EMAIL", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: " A@x.org, b@Y.org " }).adminEmails).toEqual([
      "a@x.org",
      "b@y.org",
    ]);
  });
});

describe("cursors (docs/DESIGN.md §6)", () => {
  it("round-trip and refuse forgeries", () => {
    const cursor = {
      createdAt: new Date("2026-01-02T03:04:05.678Z"),
      id: "0b4c5f4e-2f7a-4c55-9b65-2f0e1c3d4a5b",
    };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(() => decodeCursor("garbage")).toThrow("Invalid cursor");
    expect(decodeCursor(undefined)).toBeUndefined();
  });

  describe("which sign-in (docs/decisions/016)", () => {
    const production = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) };
    it.each([
      [{}, "dev"],
      [{ HOST: "127.0.0.1" }, "dev"],
      [{ HOST: "0.0.0.0" }, "email"],
      [{ ...production, SMTP_URL: "smtp://mail.example:587" }, "email"],
      [{ ...production, OIDC_ISSUER_URL: "https://idp.example", OIDC_CLIENT_ID: "mealshare" }, "oidc"],
      [{ OIDC_ISSUER_URL: "https://idp.example", OIDC_CLIENT_ID: "mealshare" }, "oidc"],
      [{ SIGN_IN: "email" }, "email"],
      [{ HOST: "0.0.0.0", DEV_LOGIN: "1" }, "dev"],
    ])("with %o signs in by %s", (env, mode) => {
      expect(loadConfig({ DATA_DIR: dataDir(), ...env }).signIn).toBe(mode);
    });

    it("makes an admin of a proved ADMIN_EMAIL under emailed sign-in", () => {
      const config = loadConfig({ DATA_DIR: dataDir(), SIGN_IN: "email", ADMIN_EMAIL: "boss@example.test" });
      expect(isAdmin({ email: "boss@example.test", emailVerified: true }, config)).toBe(true);
      expect(isAdmin({ email: "boss@example.test", emailVerified: false }, config)).toBe(false);
    });
  });

  describe("admin through the bundled dev sign-in", () => {
    const admin = { email: "boss@example.test", emailVerified: true };
    const dev = (env: Record<string, string>) =>
      loadConfig({ DATA_DIR: dataDir(), ADMIN_EMAIL: admin.email, ...env });

    it.each([
      [{ HOST: "127.0.0.1" }, true],
      [{ HOST: "localhost" }, true],
      [{ HOST: "::1" }, true],
      [{}, true],
      [{ HOST: "0.0.0.0", DEV_LOGIN: "1" }, false],
      [{ HOST: "192.168.1.20", DEV_LOGIN: "1" }, false],
      [{ HOST: "0.0.0.0", DEV_LOGIN: "1", DEV_ADMIN: "1" }, true],
    ])("with %o grants admin: %s", (env, granted) => {
      expect(isAdmin(admin, dev(env))).toBe(granted);
    });

    it("stays on this machine unless DEV_LOGIN=1 opens it to the network", () => {
      expect(dev({}).host).toBe("127.0.0.1");
      const external = { OIDC_ISSUER_URL: "https://idp.example", OIDC_CLIENT_ID: "mealshare" };
      expect(dev(external).host).toBe("0.0.0.0");
      for (const HOST of ["0.0.0.0", "192.168.1.20", "::"]) {
        expect(() => dev({ HOST, SIGN_IN: "dev" })).toThrow(
          /HOST=.+ would open the bundled dev sign-in.+DEV_LOGIN=1/,
        );
        // Unasked, a deployment that listens beyond this machine signs people in by email.
        expect(dev({ HOST }).signIn).toBe("email");
      }
      expect(dev({ HOST: "0.0.0.0", DEV_LOGIN: "1" }).devLogin).toBe(true);
    });

    it("warns in one line when the dev sign-in answers on a non-loopback address, saying whether it makes admins", () => {
      const warning = devLoginWarning(dev({ HOST: "0.0.0.0", DEV_LOGIN: "1" }));
      expect(warning).toMatch(
        /^Warning: DEV_LOGIN is set and the bundled dev sign-in is active on 0\.0\.0\.0:5000/,
      );
      expect(warning).toContain("unless DEV_ADMIN=1");
      expect(warning).not.toContain("\n");
      expect(devLoginWarning(dev({ HOST: "0.0.0.0", DEV_LOGIN: "1", DEV_ADMIN: "1" }))).toContain(
        "since DEV_ADMIN is set",
      );
      expect(devLoginWarning(dev({ HOST: "127.0.0.1" }))).toBeUndefined();
      const external = { OIDC_ISSUER_URL: "https://idp.example", OIDC_CLIENT_ID: "mealshare" };
      expect(devLoginWarning(dev({ HOST: "0.0.0.0", ...external }))).toBeUndefined();
    });

    it("never trusts an email the provider did not verify", () => {
      const external = dev({ OIDC_ISSUER_URL: "https://idp.example", OIDC_CLIENT_ID: "mealshare" });
      expect(isAdmin(admin, external)).toBe(true);
      expect(isAdmin({ ...admin, emailVerified: false }, external)).toBe(false);
    });
  });
});
