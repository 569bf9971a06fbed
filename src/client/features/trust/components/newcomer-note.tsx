/**
 * A newcomer limit, said where it applies (docs/decisions/020 "Limits"): "Newcomers can have 3 open
 * requests; a completed pickup lifts this." — shown to newcomers only, in the words and with the number
 * the server sent (`GET /api/user/trust` `notes`), in the language's plural. Neighbours and trusted
 * members see nothing.
 */
import { Info } from "lucide-react";
import { useMessages } from "@/client/lib/messages";
import type { NewcomerLimit } from "@/contract/trust";
import { useOwnTrust } from "../api/trust";

export function NewcomerNote({ limit }: { limit: NewcomerLimit }) {
  const say = useMessages();
  const trust = useOwnTrust();
  if (trust.data?.level !== "newcomer") return null;
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground" data-newcomer-limit={limit}>
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>{say(trust.data.notes[limit].key, trust.data.notes[limit].params)}</span>
    </p>
  );
}
