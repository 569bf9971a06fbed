import { Badge } from "@/client/components/ui/badge";
import { useMessages } from "@/client/lib/messages";
import { cn } from "@/client/lib/utils";
import { REQUEST_STATUS_LABELS, type RequestStatus } from "@/contract/plain/requests";

const STYLES: Record<RequestStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  accepted: "bg-green-100 text-green-900",
  declined: "bg-red-100 text-red-900",
  completed: "bg-blue-100 text-blue-900",
  cancelled: "bg-gray-200 text-gray-800",
  held: "bg-violet-100 text-violet-900",
  lapsed: "bg-gray-200 text-gray-800",
  no_show: "bg-orange-100 text-orange-900",
  disputed: "bg-purple-100 text-purple-900",
};

/**
 * spec §4 "Request status" labels: Pending, Accepted, Declined, Completed, Cancelled; and
 * docs/features/households.md's Offered to you, Offer lapsed, No-show.
 */
export function StatusBadge({ status }: { status: RequestStatus }) {
  const say = useMessages();
  return (
    <Badge variant="outline" className={cn("border-transparent", STYLES[status])} data-testid="status-badge">
      {say(REQUEST_STATUS_LABELS[status])}
    </Badge>
  );
}
