/**
 * The eater's card form (docs/decisions/022 "Accept"): Stripe's own Payment Element, which asks for
 * 3-D Secure where the card needs it. Confirming puts a hold on the card; the server accepts the
 * request when Stripe tells it the money is held.
 */
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/client/components/ui/button";
import { stripeJs } from "../stripe-js";

function PayButton({ price, returnUrl, onPaid }: { price: string; returnUrl: string; onPaid: () => void }) {
  const { t } = useTranslation("app");
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    setError(null);
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: returnUrl },
      redirect: "if_required",
    });
    setPaying(false);
    if (result.error) setError(result.error.message ?? t("The payment did not go through."));
    else onPaid();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="card-form">
      <PaymentElement />
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" disabled={!stripe || paying}>
        {paying ? t("Paying...") : t("Pay {{price}}", { price })}
      </Button>
    </form>
  );
}

export function CardForm(props: {
  clientSecret: string;
  price: string;
  returnUrl: string;
  onPaid: () => void;
}) {
  return (
    <Elements stripe={stripeJs()} options={{ clientSecret: props.clientSecret }}>
      <PayButton price={props.price} returnUrl={props.returnUrl} onPaid={props.onPaid} />
    </Elements>
  );
}
