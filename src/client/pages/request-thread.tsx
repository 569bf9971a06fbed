/**
 * Request thread (spec §2 "Request thread", §4 "Request status"): the meal, the status and the
 * viewer's actions (only the ones the server would accept: the request's `abilities`), pickup details
 * once accepted, and the conversation, kept current by the live stream.
 */

import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { EmptyState } from "@/client/components/layout/empty-state";
import { isNotFound, QueryError } from "@/client/components/layout/query-error";
import { Spinner } from "@/client/components/layout/spinner";
import { Button } from "@/client/components/ui/button";
import {
  Conversation,
  PickupCode,
  PickupDetails,
  requestQuery,
  TermsChangeCard,
  ThreadSummary,
  useMarkReadWhileOpen,
  useRequest,
} from "@/client/features/requests";
import type { PageLoader } from "@/client/lib/page-data";
import { isRecordId } from "@/contract/plain/record-id";

/** Its first screen: the request with its thread (src/client/lib/page-data.ts). */
export const loader: PageLoader = ({ id }) => (isRecordId(id) ? [requestQuery(id)] : []);

export default function RequestThreadPage() {
  const { t } = useTranslation("app");
  const { id } = useParams<{ id: string }>();
  const { data: request, isLoading, error, refetch, isRefetching } = useRequest(id);
  useMarkReadWhileOpen(id, Boolean(request));

  // A link whose id cannot name a request is a request that is not there, not a failure to retry.
  const namesRequest = isRecordId(id);
  if (namesRequest && isLoading) return <Spinner className="py-24" label={t("Loading request")} />;
  if (namesRequest && error && !isNotFound(error)) {
    return (
      <QueryError
        title={t("Could not load this request")}
        error={error}
        onRetry={() => refetch()}
        retrying={isRefetching}
      />
    );
  }
  if (!namesRequest || !request || error) {
    return (
      <EmptyState title={t("Request not found")} text={t("The request you're looking for doesn't exist.")}>
        <Button asChild>
          <Link href="/requests">{t("Back to Requests")}</Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <ThreadSummary request={request} />
      <TermsChangeCard request={request} />
      {request.status === "accepted" && <PickupDetails request={request} />}
      <PickupCode request={request} viewer={request.viewerSide} />
      {/* Keyed: another thread opens at its own newest message. */}
      <Conversation key={request.id} request={request} />
    </div>
  );
}
