/**
 * Card payments' calls (docs/decisions/022): the member's connected Stripe account and sales, a
 * request's payment form and refund, and the admin's days, open holds and refunds. Every hook is off
 * when the deployment has no payment settings (`cardPaymentsOn`).
 */
import { type MutationMeta, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import { deployment } from "@/client/lib/deployment";
import { paymentKeys, requestKeys } from "@/client/lib/query-keys";
import type { CookSales } from "@/contract/payments";

/** Whether this deployment takes card payments at all: without its settings nothing about cards shows. */
export const cardPaymentsOn = () => deployment().cardPayments !== undefined;

export const useCardAccount = (enabled = true) =>
  useQuery<{ connected: boolean; chargesEnabled: boolean }>({
    queryKey: paymentKeys.account,
    enabled: enabled && cardPaymentsOn(),
  });

/** Starts (or resumes) Stripe's onboarding: the browser goes to Stripe's page and comes back to Settings. */
export function useConnectAccount(meta?: MutationMeta) {
  return useMutation({
    meta,
    mutationFn: async () => {
      const { url } = (await (await apiRequest("POST", "/api/payments/account")).json()) as { url: string };
      window.location.assign(url);
    },
  });
}

export const useSales = (enabled: boolean) =>
  useQuery<CookSales>({ queryKey: paymentKeys.sales, enabled: enabled && cardPaymentsOn() });

/** The eater's card form: the intent's client secret, made once by the server. */
export function usePaymentForm(requestId: string, meta?: MutationMeta) {
  return useMutation({
    meta,
    mutationFn: async () =>
      (await (await apiRequest("POST", `/api/requests/${requestId}/payment`)).json()) as {
        clientSecret: string;
        amountCents: number;
      },
  });
}

/** The cook refunds their sale. */
export function useRefundSale(requestId: string, meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: async () => {
      await apiRequest("POST", `/api/requests/${requestId}/refund`);
    },
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: requestKeys.detail(requestId) });
      queryClient.invalidateQueries({ queryKey: paymentKeys.sales });
    },
  });
}

export const useAdminPayments = () =>
  useQuery<{
    days: { day: string; count: number; capturedCents: number; refundedCents: number; heldCents: number }[];
    openHolds: CookSales["sales"];
  }>({ queryKey: paymentKeys.admin, enabled: cardPaymentsOn() });

/** An admin refunds a request's payment (or releases its hold), e.g. from the dispute screen. */
export function useAdminRefund(meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: async (requestId: string) => {
      await apiRequest("POST", `/api/admin/payments/${requestId}/refund`);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.admin }),
  });
}
