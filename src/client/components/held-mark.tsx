/**
 * "Held for a quick check" (docs/decisions/020 "Held before it lands"): beside a text its writer sees
 * while a moderator looks at it; nobody else sees the text at all until it is let through.
 */
import { Hourglass } from "lucide-react";
import { useMessages } from "@/client/lib/messages";
import { HELD_NOTICE } from "@/contract/plain/moderation";

export function HeldMark({ className }: { className?: string }) {
  const say = useMessages();
  return (
    <p className={className ?? "inline-flex items-center gap-1 text-xs font-medium text-amber-800"} data-held>
      <Hourglass className="h-3 w-3" aria-hidden="true" /> {say(HELD_NOTICE)}
    </p>
  );
}
