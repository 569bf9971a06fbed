/** Card payments' public face (docs/decisions/022): what pages and other features may use. */
import { lazy } from "react";

/** Stripe's card form, in a chunk of its own with Stripe's React bindings: only the payment page loads it. */
export const CardForm = lazy(() =>
  import("./components/card-form").then((module) => ({ default: module.CardForm })),
);
export {
  cardPaymentsOn,
  useAdminPayments,
  useAdminRefund,
  useCardAccount,
  useConnectAccount,
  usePaymentForm,
  useRefundSale,
  useSales,
} from "./api";
export { AdminPayments, AdminRefundButton } from "./components/admin-payments";
export { CardPaymentsSettings } from "./components/card-payments-settings";
export { PaymentNote } from "./components/payment-note";
