/**
 * Money you can read (docs/decisions/022 "Money you can read"): a cook's sales — sold, held, paid to
 * them and refunded, a page at a time and as a CSV — and the admin's payments per day and open holds.
 * Amounts in the deployment's minor units.
 */
import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { and, asc, desc, eq, gte, lt, or, sql } from "drizzle-orm";
import type { CookSales, PaymentDay, Sale } from "../../../contract/payments";
import type { Executor } from "../../db/client";
import { type PaymentRow, payments } from "../../db/schema";

/** Sales one page lists. */
export const SALES_PAGE = 50;

const saleOf = (row: PaymentRow): Sale => ({
  requestId: row.requestId,
  mealTitle: row.mealTitle,
  portions: row.portions,
  amountCents: row.amountCents,
  feeCents: row.feeCents,
  refundedCents: row.refundedCents,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/** Totals over the cook's payments: one aggregate through `payments_feeder_idx`. */
async function totalsOf(db: Executor, cookId: string): Promise<CookSales["totals"]> {
  const [totals] = await db
    .select({
      soldCents: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} in ('paid', 'refunded')), 0)::int`,
      heldCents: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} = 'held'), 0)::int`,
      paidOutCents: sql<number>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents} - ${payments.feeCents}) filter (where ${payments.status} = 'paid'), 0)::int`,
      refundedCents: sql<number>`coalesce(sum(${payments.refundedCents}), 0)::int`,
    })
    .from(payments)
    .where(eq(payments.feederId, cookId));
  return totals;
}

/**
 * The cook's totals and a page of their sales, newest first (cursor: the last one's `createdAt`).
 * Payments still waiting for the eater's card are not sales yet.
 */
export async function cookSales(db: Executor, cookId: string, before?: string): Promise<CookSales> {
  const rows = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.feederId, cookId),
        or(eq(payments.status, "held"), eq(payments.status, "paid"), eq(payments.status, "refunded")),
        before ? lt(payments.createdAt, new Date(before)) : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(SALES_PAGE + 1);
  const page = rows.slice(0, SALES_PAGE);
  return {
    totals: await totalsOf(db, cookId),
    sales: page.map(saleOf),
    nextCursor: rows.length > SALES_PAGE ? page[page.length - 1].createdAt.toISOString() : null,
  };
}

/** The CSV's columns, in order. */
export const SALES_COLUMNS = [
  "date",
  "meal",
  "portions",
  "amount",
  "fee",
  "refunded",
  "status",
  "currency",
] as const;

/** Every sale of the cook as an RFC 4180 CSV stream, oldest first, amounts in major units (e.g. 3.00). */
export function salesCsv(db: Executor, cookId: string, currency: string): Readable {
  const decimals =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const major = (cents: number) => (cents / 10 ** decimals).toFixed(decimals);
  async function* rows() {
    let after: Date | null = null;
    for (;;) {
      const page: PaymentRow[] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.feederId, cookId),
            after ? sql`${payments.createdAt} > ${after.toISOString()}` : undefined,
          ),
        )
        .orderBy(asc(payments.createdAt))
        .limit(500);
      for (const row of page) {
        if (row.status === "requires_payment") continue;
        yield [
          row.createdAt.toISOString(),
          row.mealTitle,
          row.portions,
          major(row.amountCents),
          major(row.feeCents),
          major(row.refundedCents),
          row.status,
          row.currency,
        ];
      }
      if (page.length < 500) return;
      after = page[page.length - 1].createdAt;
    }
  }
  return Readable.from(rows()).pipe(
    stringify({ header: true, columns: [...SALES_COLUMNS], record_delimiter: "windows" }),
  );
}

/** Days the admin's table covers. */
export const PAYMENT_DAYS = 30;

/** Payments per day over the last 30 days (UTC), newest first: count, captured, refunded, held. */
export async function paymentsPerDay(db: Executor, now = new Date()): Promise<PaymentDay[]> {
  const since = new Date(now.getTime() - PAYMENT_DAYS * 86_400_000);
  const day = sql<string>`to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day,
      count: sql<number>`count(*)::int`,
      capturedCents: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} in ('paid', 'refunded')), 0)::int`,
      refundedCents: sql<number>`coalesce(sum(${payments.refundedCents}), 0)::int`,
      heldCents: sql<number>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} = 'held'), 0)::int`,
    })
    .from(payments)
    .where(gte(payments.createdAt, since))
    .groupBy(day)
    .orderBy(desc(day));
}

/** Holds not yet captured or released, oldest first (through `payments_open_holds_idx`). */
export async function openHolds(db: Executor): Promise<Sale[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.status, "held"))
    .orderBy(asc(payments.heldAt))
    .limit(100);
  return rows.map(saleOf);
}
