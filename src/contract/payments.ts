/**
 * Card payments' API shapes (docs/decisions/022): a request's payment as both sides read it, a cook's
 * account and sales, and the admin's days and open holds. Amounts in the deployment's minor units.
 */
import { z } from "zod";

export const PAYMENT_STATUSES = ["requires_payment", "held", "paid", "voided", "refunded"] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** How a paid meal is paid: cash at pickup, card in the app, or either. */
export const PAYMENT_WAYS = ["cash", "card", "both"] as const;
export const paymentWaysSchema = z.enum(PAYMENT_WAYS);
export type PaymentWays = z.infer<typeof paymentWaysSchema>;
export const payBySchema = z.enum(["cash", "card"]);
export type PayBy = z.infer<typeof payBySchema>;

/** A request's card payment, as its two sides read it; null on a cash request. */
export const requestPaymentSchema = z.object({
  status: paymentStatusSchema,
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type RequestPayment = z.infer<typeof requestPaymentSchema>;

/** `POST /api/requests/:id/payment`: what Stripe's payment form confirms the hold with. */
export const paymentFormSchema = z.object({ clientSecret: z.string(), amountCents: z.number().int() });

/** `GET /api/payments/account`: the member's connected account. */
export const cardAccountSchema = z.object({ connected: z.boolean(), chargesEnabled: z.boolean() });

export const saleSchema = z.object({
  requestId: z.uuid().nullable(),
  mealTitle: z.string(),
  portions: z.number().int(),
  amountCents: z.number().int(),
  feeCents: z.number().int(),
  refundedCents: z.number().int(),
  status: paymentStatusSchema,
  createdAt: z.iso.datetime(),
});
export type Sale = z.infer<typeof saleSchema>;

/** `GET /api/payments/sales`: the cook's totals and a page of sales. */
export const cookSalesSchema = z.object({
  totals: z.object({
    soldCents: z.number().int(),
    heldCents: z.number().int(),
    paidOutCents: z.number().int(),
    refundedCents: z.number().int(),
  }),
  sales: z.array(saleSchema),
  nextCursor: z.string().nullable(),
});
export type CookSales = z.infer<typeof cookSalesSchema>;

export const paymentDaySchema = z.object({
  day: z.string(),
  count: z.number().int(),
  capturedCents: z.number().int(),
  refundedCents: z.number().int(),
  heldCents: z.number().int(),
});
export type PaymentDay = z.infer<typeof paymentDaySchema>;

/** `GET /api/admin/payments`: payments per day and the open holds. */
export const adminPaymentsSchema = z.object({
  days: z.array(paymentDaySchema),
  openHolds: z.array(saleSchema),
});
