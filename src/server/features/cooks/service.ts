/**
 * Registered cooks (docs/features/food-safety.md point 4): applications with a private document, an
 * admin's decision (the applicant is notified either way), the paid-meal rule, and the certificate job
 * that reminds a cook 30 days before their certificate expires and lapses their status after it.
 */
import { randomUUID } from "node:crypto";
import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import {
  CERTIFICATE_REMINDER_DAYS,
  type CookApplication,
  type CookApplicationInput,
  type CookApplicationStatus,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  type DocumentType,
  ONLY_COOKS_SELL,
} from "../../../contract/cooks";
import { msg } from "../../../contract/messages";
import type { ActorRef } from "../../auth/actor";
import { type Executor, inTransaction } from "../../db/client";
import { cookApplications, type UserRow, users } from "../../db/schema";
import { AppError, conflict, notFound, validation } from "../../errors";
import type { ObjectStorage, StoredObject } from "../../storage/storage";
import { withdrawPaidMeals } from "../meals";
import { createNotification } from "../notifications";
import { claimUpload, releaseUpload, uploadIdFromUrl } from "../photos";
import { lapseExpiredCooks, markCertificatesExpiring, registerCook } from "../users";

/** The admin list shows at most this many applications of a status, newest first. */
const APPLICATIONS_LIST_MAX = 200;

/** 403 for a paid meal by someone who is not a registered cook. */
export const notACook = () => new AppError(403, "not_a_cook", ONLY_COOKS_SELL);

/**
 * The paid-meal rule: only registered cooks create or activate paid meals; free meals stay open
 * to everyone.
 * @throws AppError 403 "Only registered cooks can sell meals. Apply to become one."
 */
export function assertMaySell(owner: Pick<UserRow, "isRegisteredCook">, kind: "free" | "paid"): void {
  if (kind === "paid" && !owner.isRegisteredCook) throw notACook();
}

type ApplicationRow = typeof cookApplications.$inferSelect & {
  firstName: string;
  lastName: string;
  email?: string;
};

function present(row: ApplicationRow): CookApplication {
  return {
    id: row.id,
    status: row.status,
    kitchenName: row.kitchenName,
    registrationNumber: row.registrationNumber,
    registrationAuthority: row.registrationAuthority,
    certificateLevel: row.certificateLevel,
    certificateIssuer: row.certificateIssuer,
    certificateExpiresOn: row.certificateExpiresOn,
    documentType: row.documentType,
    documentUrl: `/api/cook-applications/${row.id}/document`,
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    applicant: {
      id: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      ...(row.email === undefined ? {} : { email: row.email }),
    },
  };
}

const selectApplications = (db: Executor, withEmail: boolean) =>
  db
    .select({
      ...getTableColumns(cookApplications),
      firstName: users.firstName,
      lastName: users.lastName,
      ...(withEmail ? { email: users.email } : {}),
    })
    .from(cookApplications)
    .innerJoin(users, eq(users.id, cookApplications.userId));

/** The document's type by its first bytes, or null when it is none of PDF, JPEG and PNG. */
async function sniffDocument(bytes: Buffer): Promise<DocumentType | null> {
  const type = await fileTypeFromBuffer(bytes);
  return type && (DOCUMENT_TYPES as readonly string[]).includes(type.mime)
    ? (type.mime as DocumentType)
    : null;
}

/**
 * Files an application: the uploaded document is checked (PDF, JPEG or PNG by content, ≤ 10 MB)
 * and kept under `documents/`, served only to the applicant and admins.
 * @throws AppError 409 an application is already pending; 400 bad upload URL, nothing uploaded,
 *   not a PDF/JPEG/PNG; 404 an upload that is not theirs; 413 over 10 MB
 */
export async function submitApplication(
  db: Executor,
  storage: ObjectStorage,
  user: UserRow,
  input: CookApplicationInput,
): Promise<CookApplication> {
  const [pending] = await db
    .select({ id: cookApplications.id })
    .from(cookApplications)
    .where(and(eq(cookApplications.userId, user.id), eq(cookApplications.status, "pending")))
    .limit(1);
  if (pending)
    throw conflict(msg("You already have an application waiting for review."), "application_pending");

  const uploadId = uploadIdFromUrl(input.documentURL);
  if (!uploadId)
    throw validation(msg("Upload the document first."), { documentURL: msg("Upload the document first") });
  const { documentKey, documentType } = await keepDocument(db, storage, user, uploadId);
  try {
    const [row] = await db
      .insert(cookApplications)
      .values({
        userId: user.id,
        kitchenName: input.kitchenName,
        registrationNumber: input.registrationNumber,
        registrationAuthority: input.registrationAuthority,
        certificateLevel: input.certificateLevel,
        certificateIssuer: input.certificateIssuer,
        certificateExpiresOn: input.certificateExpiresOn,
        documentKey,
        documentType,
      })
      .returning();
    return present({ ...row, firstName: user.firstName, lastName: user.lastName });
  } catch (error) {
    // A second application sent at the same moment lost the race: its document goes.
    await storage.delete(documentKey).catch(() => {});
    throw error;
  }
}

/**
 * Moves the applicant's upload `uploadId` to a new key under `documents/` once its content is a PDF,
 * JPEG or PNG of at most 10 MB; the upload itself is deleted either way.
 * @throws AppError 400 nothing uploaded or not a PDF/JPEG/PNG; 404 not theirs; 413 over 10 MB
 */
async function keepDocument(
  db: Executor,
  storage: ObjectStorage,
  user: UserRow,
  uploadId: string,
): Promise<{ documentKey: string; documentType: DocumentType }> {
  const claimed = await claimUpload(db, user, uploadId, "document");
  const documentKey = `documents/${randomUUID()}`;
  try {
    const size = await storage.size(claimed.key);
    if (size === null) {
      await releaseUpload(db, uploadId);
      throw validation(msg("Nothing was uploaded."), { documentURL: msg("Upload the document first") });
    }
    if (size > DOCUMENT_MAX_BYTES)
      throw new AppError(413, "too_large", msg("Documents can be at most 10 MB."));
    const bytes = await storage.read(claimed.key);
    const sniffed = bytes ? await sniffDocument(bytes) : null;
    if (!bytes || !sniffed) {
      throw validation(msg("The document must be a PDF, JPEG or PNG file."), {
        documentURL: msg("The document must be a PDF, JPEG or PNG file."),
      });
    }
    await storage.write(documentKey, bytes, sniffed);
    return { documentKey, documentType: sniffed };
  } finally {
    await storage.delete(claimed.key).catch(() => {});
  }
}

/** The user's applications, newest first (the /become-a-cook page shows the latest). */
export async function listOwnApplications(
  db: Executor,
  user: Pick<UserRow, "id">,
): Promise<CookApplication[]> {
  const rows = await selectApplications(db, false)
    .where(eq(cookApplications.userId, user.id))
    .orderBy(desc(cookApplications.createdAt))
    .limit(20);
  return rows.map(present);
}

/** Applications of a status for the admin tab, newest first, and how many are pending. */
export async function listApplications(
  db: Executor,
  status: CookApplicationStatus,
): Promise<{ applications: CookApplication[]; pending: number }> {
  const [rows, [{ pending }]] = await Promise.all([
    selectApplications(db, true)
      .where(eq(cookApplications.status, status))
      .orderBy(desc(cookApplications.createdAt), desc(cookApplications.id))
      .limit(APPLICATIONS_LIST_MAX),
    db.select({ pending: count() }).from(cookApplications).where(eq(cookApplications.status, "pending")),
  ]);
  return { applications: rows.map(present), pending: Number(pending) };
}

/**
 * An admin's decision. Approval makes the applicant a registered cook until the certificate
 * expires; rejection keeps the reason. The applicant is notified either way, in the same
 * transaction.
 * @throws AppError 404 unknown application; 409 already decided
 */
export async function decideApplication(
  db: Executor,
  admin: Pick<UserRow, "id">,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<CookApplication> {
  return inTransaction(db, async (tx) => {
    const [decided] = await tx
      .update(cookApplications)
      .set({
        status: decision.approve ? "approved" : "rejected",
        rejectionReason: decision.approve ? null : decision.reason,
        reviewedById: admin.id,
        reviewedAt: sql`now()`,
      })
      .where(and(eq(cookApplications.id, id), eq(cookApplications.status, "pending")))
      .returning();
    if (!decided) {
      const [exists] = await tx
        .select({ id: cookApplications.id })
        .from(cookApplications)
        .where(eq(cookApplications.id, id));
      if (!exists) throw notFound(msg("Application not found"));
      throw conflict(msg("This application was already decided."), "already_decided");
    }
    if (decision.approve) {
      await registerCook(tx, decided.userId, decided.certificateExpiresOn);
    }
    await createNotification(tx, {
      userId: decided.userId,
      type: "cook_application",
      ...(decision.approve
        ? { message: msg("Your application was approved: you are now a Registered Cook and can sell meals.") }
        : {
            message: msg("Your application to become a registered cook was rejected: {{reason}}"),
            params: { reason: decision.reason },
          }),
      link: decision.approve ? "/meals/new?kind=paid" : "/become-a-cook",
    });
    const [row] = await selectApplications(tx, true).where(eq(cookApplications.id, id));
    return present(row);
  });
}

/**
 * Opens an application's document for its applicant or an admin.
 * @throws AppError 404 for anyone else, and for unknown applications
 */
export async function openDocument(
  db: Executor,
  storage: ObjectStorage,
  viewer: ActorRef,
  id: string,
): Promise<StoredObject & { type: string }> {
  const [row] = await db.select().from(cookApplications).where(eq(cookApplications.id, id)).limit(1);
  if (!row || (row.userId !== viewer.id && !viewer.isAdmin)) throw notFound(msg("Document not found"));
  const object = await storage.open(row.documentKey);
  if (!object) throw notFound(msg("Document not found"));
  return { ...object, type: row.documentType };
}

/**
 * The certificate job (docs/features/food-safety.md point 4), run on every instance: reminds each cook
 * once when their certificate expires within 30 days, and after the expiry day lapses their status and
 * deactivates their open paid meals. Each step is one UPDATE … RETURNING: a second instance running at
 * the same moment waits on the same rows and then finds nothing left to do, so every reminder and every
 * lapse happens exactly once.
 * @returns how many cooks were reminded and how many lapsed
 */
export async function runCertificateJob(db: Executor): Promise<{ reminded: number; lapsed: number }> {
  return inTransaction(db, async (tx) => {
    const reminded = await markCertificatesExpiring(tx, CERTIFICATE_REMINDER_DAYS);
    for (const cook of reminded) {
      await createNotification(tx, {
        userId: cook.id,
        type: "cook_certificate",
        message: msg(
          "Your food hygiene certificate expires on {{date}}. Apply again with the new one to keep selling.",
        ),
        params: { date: cook.expires },
        link: "/become-a-cook",
      });
    }
    const lapsed = await lapseExpiredCooks(tx);
    for (const cook of lapsed) {
      await withdrawPaidMeals(tx, cook.id);
      await createNotification(tx, {
        userId: cook.id,
        type: "cook_certificate",
        message: msg(
          "Your food hygiene certificate has expired, so your Registered Cook status has lapsed and your paid meals were taken down. Apply again with a current certificate.",
        ),
        link: "/become-a-cook",
      });
    }
    return { reminded: reminded.length, lapsed: lapsed.length };
  });
}
