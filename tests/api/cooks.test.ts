/**
 * docs/features/food-safety.md point 4: registered cooks. Applying with a document, the admin's decision
 * and its notifications, the document's privacy, the paid-meal rule, and the certificate job (exactly
 * once, also with two instances on one PostgreSQL).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client";
import { meals, users } from "../../src/server/db/schema";
import { runCertificateJob } from "../../src/server/features/cooks/service";
import { buildMeal, buildSignedInUser, buildUser, daysFromToday, hoursFromNow } from "../factories";
import { ADMIN_EMAIL, createTestApp, type TestApp, testDatabaseKind } from "./harness";

/** A minimal but real PDF. */
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");

const paidMeal = {
  title: "Beef rendang",
  description: "Slow-cooked, with rice.",
  kind: "paid",
  priceCents: 900,
  portionSize: 2,
  ingredients: "beef, coconut, rice",
  pickupLocation: "7 Ash Road",
  pickupWindowStart: hoursFromNow(1),
  pickupWindowEnd: hoursFromNow(3),
  allergenCodes: [],
  noMajorAllergens: true,
};

const application = (documentURL: string, overrides: Record<string, unknown> = {}) => ({
  kitchenName: "Rita's Kitchen",
  registrationNumber: "FBR-2026-0042",
  registrationAuthority: "Camden Council",
  certificateLevel: "Level 2 Food Hygiene",
  certificateIssuer: "Highfield",
  certificateExpiresOn: "2099-06-30",
  documentURL,
  declaration: true,
  ...overrides,
});

describe("registered cooks", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Uploads `body` as a document through the local driver; returns the upload URL. */
  async function uploadDocument(cookie: string, body: Buffer, purpose: "document" | "photo" = "document") {
    const params = await t.api({ method: "POST", url: "/api/objects/upload", cookie, payload: { purpose } });
    expect(params.statusCode).toBe(200);
    const uploadURL: string = params.json().uploadURL;
    const put = await t.api({
      method: "PUT",
      url: new URL(uploadURL).pathname,
      cookie,
      payload: body,
      headers: { "content-type": "application/octet-stream" },
    });
    return { uploadURL, put };
  }

  async function apply(cookie: string, body = PDF, overrides: Record<string, unknown> = {}) {
    const { uploadURL } = await uploadDocument(cookie, body);
    return t.api({
      method: "POST",
      url: "/api/cook-applications",
      cookie,
      payload: application(uploadURL, overrides),
    });
  }

  const notifications = async (cookie: string) =>
    (await t.api({ url: "/api/notifications", cookie })).json() as {
      type: string;
      text: string;
      link: string;
    }[];

  it("refuses a paid meal by a non-cook (403) and keeps free meals open to everyone", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const paid = await t.api({ method: "POST", url: "/api/meals", cookie, payload: paidMeal });
    expect(paid.statusCode).toBe(403);
    expect(paid.json()).toMatchObject({
      code: "not_a_cook",
      message: "Only registered cooks can sell meals. Apply to become one.",
    });
    const free = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie,
      payload: { ...paidMeal, kind: "free", priceCents: null },
    });
    expect(free.statusCode).toBe(201);
    // Nor can a free meal be turned paid.
    const turned = await t.api({
      method: "PUT",
      url: `/api/meals/${free.json().id}`,
      cookie,
      payload: { kind: "paid", priceCents: 500 },
    });
    expect(turned.statusCode).toBe(403);
  });

  it("an approved applicant becomes a registered cook, is notified, and can sell", async () => {
    const applicant = await buildSignedInUser(t.db);
    const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    const applied = await apply(applicant.cookie);
    expect(applied.statusCode).toBe(201);
    expect(applied.json()).toMatchObject({ status: "pending", documentType: "application/pdf" });
    const id = applied.json().id;
    // One pending application at a time.
    expect((await apply(applicant.cookie)).statusCode).toBe(409);

    const pending = await t.api({ url: "/api/admin/cook-applications", cookie: admin.cookie });
    expect(pending.json().pending).toBeGreaterThanOrEqual(1);
    expect(pending.json().applications.map((a: { id: string }) => a.id)).toContain(id);
    // Members cannot see or decide applications.
    expect((await t.api({ url: "/api/admin/cook-applications", cookie: applicant.cookie })).statusCode).toBe(
      403,
    );
    expect(
      (
        await t.api({
          method: "PUT",
          url: `/api/admin/cook-applications/${id}/approve`,
          cookie: applicant.cookie,
        })
      ).statusCode,
    ).toBe(403);

    const approved = await t.api({
      method: "PUT",
      url: `/api/admin/cook-applications/${id}/approve`,
      cookie: admin.cookie,
    });
    expect(approved.json().status).toBe("approved");
    expect(
      (
        await t.api({
          method: "PUT",
          url: `/api/admin/cook-applications/${id}/approve`,
          cookie: admin.cookie,
        })
      ).statusCode,
    ).toBe(409);
    const me = (await t.api({ url: "/api/auth/user", cookie: applicant.cookie })).json();
    expect(me.isCook).toBe(true);
    expect(await notifications(applicant.cookie)).toContainEqual(
      expect.objectContaining({ type: "cook_application", text: expect.stringContaining("approved") }),
    );
    const paid = await t.api({
      method: "POST",
      url: "/api/meals",
      cookie: applicant.cookie,
      payload: paidMeal,
    });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().owner.isCook).toBe(true);
  });

  it("a rejected applicant is told the reason, which is required", async () => {
    const applicant = await buildSignedInUser(t.db);
    const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    const id = (await apply(applicant.cookie)).json().id;
    const url = `/api/admin/cook-applications/${id}/reject`;
    expect(
      (await t.api({ method: "PUT", url, cookie: admin.cookie, payload: { reason: "  " } })).statusCode,
    ).toBe(400);
    const rejected = await t.api({
      method: "PUT",
      url,
      cookie: admin.cookie,
      payload: { reason: "The certificate number does not match the document." },
    });
    expect(rejected.json()).toMatchObject({
      status: "rejected",
      rejectionReason: "The certificate number does not match the document.",
    });
    expect(await notifications(applicant.cookie)).toContainEqual(
      expect.objectContaining({
        type: "cook_application",
        text: "Your application to become a registered cook was rejected: The certificate number does not match the document.",
        link: "/become-a-cook",
      }),
    );
    expect((await t.api({ url: "/api/auth/user", cookie: applicant.cookie })).json().isCook).toBe(false);
    // They may apply again.
    expect((await apply(applicant.cookie)).statusCode).toBe(201);
  });

  it("serves the document to the applicant and admins only (404 to anyone else)", async () => {
    const applicant = await buildSignedInUser(t.db);
    const admin = await buildSignedInUser(t.db, { email: ADMIN_EMAIL });
    const other = await buildSignedInUser(t.db);
    const { documentUrl } = (await apply(applicant.cookie)).json();
    for (const cookie of [applicant.cookie, admin.cookie]) {
      const document = await t.api({ url: documentUrl, cookie });
      expect(document.statusCode).toBe(200);
      expect(document.headers["content-type"]).toBe("application/pdf");
      expect(document.headers["cache-control"]).toBe("private, no-store");
      // The applicant's file is downloaded, never rendered as one of our pages.
      expect(document.headers["content-disposition"]).toBe(
        `attachment; filename="cook-application-${documentUrl.split("/").at(-2)}.pdf"`,
      );
      expect(document.headers["content-security-policy"]).toBe("sandbox");
      expect(document.rawPayload.equals(PDF)).toBe(true);
    }
    expect((await t.api({ url: documentUrl, cookie: other.cookie })).statusCode).toBe(404);
    expect((await t.api({ url: documentUrl })).statusCode).toBe(401);
  });

  it("accepts only PDF, JPEG or PNG by content, up to 10 MB, and keeps photo and document uploads apart", async () => {
    const { cookie } = await buildSignedInUser(t.db);
    const text = await apply(cookie, Buffer.from("just some text, named certificate.pdf\n"));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe("The document must be a PDF, JPEG or PNG file.");
    const big = await uploadDocument(cookie, Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.put.statusCode).toBe(413);
    // A 6 MB PDF is fine for a document, though a photo that size is not.
    const sixMb = Buffer.concat([PDF, Buffer.alloc(6 * 1024 * 1024, 32)]);
    expect((await apply(cookie, sixMb)).statusCode).toBe(201);
    const photo = await uploadDocument(cookie, PDF, "photo");
    const asDocument = await t.api({
      method: "POST",
      url: "/api/cook-applications",
      cookie: (await buildSignedInUser(t.db)).cookie,
      payload: application(photo.uploadURL),
    });
    expect(asDocument.statusCode).toBe(404);
    const validation = await t.api({
      method: "POST",
      url: "/api/cook-applications",
      cookie,
      payload: application("x", { declaration: false, certificateExpiresOn: "2020-01-01" }),
    });
    expect(validation.statusCode).toBe(400);
    expect(validation.json().errors).toMatchObject({
      declaration: "Confirm the declaration to apply",
      certificateExpiresOn: "The certificate must not have expired",
    });
  });

  it("the certificate job reminds 30 days ahead once, and after expiry lapses the status and paid meals once", async () => {
    const soon = await buildUser(t.db, {
      isRegisteredCook: true,
      cookCertificateExpiresOn: daysFromToday(10),
    });
    const expired = await buildUser(t.db, {
      isRegisteredCook: true,
      cookCertificateExpiresOn: daysFromToday(-1),
    });
    const valid = await buildUser(t.db, {
      isRegisteredCook: true,
      cookCertificateExpiresOn: daysFromToday(200),
    });
    const paid = await buildMeal(t.db, expired, { kind: "paid", priceCents: 700 });
    const free = await buildMeal(t.db, expired);

    const [first, second] = await Promise.all([runCertificateJob(t.db), runCertificateJob(t.db)]);
    expect(first.reminded + second.reminded).toBe(1);
    expect(first.lapsed + second.lapsed).toBe(1);
    await runCertificateJob(t.db);
    const rows = await t.db
      .select()
      .from(users)
      .where(sql`${users.id} in (${soon.id}, ${expired.id}, ${valid.id})`);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(soon.id)?.isRegisteredCook).toBe(true);
    expect(byId.get(soon.id)?.cookExpiryRemindedAt).not.toBeNull();
    expect(byId.get(expired.id)?.isRegisteredCook).toBe(false);
    expect(byId.get(valid.id)?.cookExpiryRemindedAt).toBeNull();
    const [paidNow] = await t.db.select().from(meals).where(eq(meals.id, paid.id));
    const [freeNow] = await t.db.select().from(meals).where(eq(meals.id, free.id));
    expect(paidNow.isActive).toBe(false);
    expect(freeNow.isActive).toBe(true);
    const counts = await queryRows<{ user_id: string; n: number }>(
      t.db,
      sql`select user_id, count(*)::int as n from notifications
          where type = 'cook_certificate' and user_id in (${soon.id}, ${expired.id}) group by user_id`,
    );
    expect(Object.fromEntries(counts.map((row) => [row.user_id, Number(row.n)]))).toEqual({
      [soon.id]: 1,
      [expired.id]: 1,
    });
  });
});

describe.runIf(testDatabaseKind() === "postgres")(
  "the certificate job on two instances of one PostgreSQL",
  () => {
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      a = await createTestApp();
      b = await createTestApp({ database: a.database });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
    });

    it("lapses each expired cook exactly once when both run it at the same moment", async () => {
      const cooks = await Promise.all(
        Array.from({ length: 20 }, () =>
          buildUser(a.db, { isRegisteredCook: true, cookCertificateExpiresOn: daysFromToday(-3) }),
        ),
      );
      const results = await Promise.all([
        runCertificateJob(a.db),
        runCertificateJob(b.db),
        runCertificateJob(a.db),
      ]);
      expect(results.reduce((sum, r) => sum + r.lapsed, 0)).toBe(20);
      const [{ n }] = await queryRows<{ n: number }>(
        a.db,
        sql`select count(*)::int as n from notifications where type = 'cook_certificate'
          and user_id = any(${`{${cooks.map((c) => c.id).join(",")}}`}::uuid[])`,
      );
      expect(Number(n)).toBe(20);
    });
  },
);
