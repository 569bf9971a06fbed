/**
 * Paying for an accepted card request (docs/decisions/022): the meal and the amount, Stripe's card form,
 * and back to the thread, which says "Paid, held until pickup" once Stripe tells the server. A request
 * with nothing to pay says so.
 */
import { Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { isNotFound, QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { toast } from "@/client/components/ui/use-toast";
import { CardForm, usePaymentForm } from "@/client/features/payments";
import { useRequest } from "@/client/features/requests";
import { useFormat } from "@/client/lib/format";

export default function RequestPayPage() {
  const { t } = useTranslation("app");
  const f = useFormat();
  const { id } = useParams<{ id: string }>();
  const [, navigate] = useLocation();
  const { data: request, isLoading, error, refetch, isRefetching } = useRequest(id);
  const form = usePaymentForm(id);
  const canPay = request?.abilities.pay.allowed === true;
  const { mutate } = form;
  useEffect(() => {
    if (canPay) mutate();
  }, [canPay, mutate]);

  if (isLoading) return <Spinner className="py-24" label={t("Loading request")} />;
  // A failed load says so with Retry, never "Nothing to pay".
  if (error && !isNotFound(error)) {
    return (
      <QueryError
        title={t("Could not load this request")}
        error={error}
        onRetry={() => refetch()}
        retrying={isRefetching}
      />
    );
  }
  if (!request?.payment || (!canPay && !form.data)) {
    return (
      <EmptyState title={t("Nothing to pay")} text={t("There is nothing to pay for this request now.")}>
        <Button asChild>
          <Link href={`/request/${id}`}>{t("Back to the request")}</Link>
        </Button>
      </EmptyState>
    );
  }
  const price = f.price(request.payment.amountCents);
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4">
      <h1 className="text-2xl font-bold">{t("Pay for {{title}}", { title: request.meal.title })}</h1>
      <p className="text-sm text-muted-foreground">
        {t(
          "{{price}} is held on your card until pickup, then paid to the cook. If the meal does not change hands, nothing is charged.",
          { price },
        )}
      </p>
      <Card>
        <CardContent className="p-4">
          {form.error ? (
            <p role="alert" className="text-sm text-destructive">
              {t("The payment could not be started. Try again in a moment.")}
            </p>
          ) : form.data ? (
            <Suspense fallback={<Spinner className="py-8" label={t("Loading the card form")} />}>
              <CardForm
                clientSecret={form.data.clientSecret}
                price={price}
                returnUrl={`${window.location.origin}/request/${id}`}
                onPaid={() => {
                  toast({ title: t("Paid, held until pickup") });
                  navigate(`/request/${id}`);
                }}
              />
            </Suspense>
          ) : (
            <Spinner className="py-8" label={t("Loading the card form")} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
