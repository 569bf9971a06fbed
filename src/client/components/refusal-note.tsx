/**
 * Why the viewer may not do something, as the server decided it (contract/meals.ts `abilitySchema`):
 * its message in the viewer's language, from the catalogue key and values the server sent. Pages show
 * it in place of a control the server would refuse; they never work out the reason themselves.
 */
import { useMessages } from "@/client/lib/messages";
import type { Ability } from "@/contract/meals";

export function RefusalNote({ ability, className }: { ability: Ability; className?: string }) {
  const say = useMessages();
  if (!ability.refusal) return null;
  return (
    <p className={className ?? "text-sm font-medium text-destructive"} data-refusal={ability.refusal.code}>
      {say(ability.refusal.key, ability.refusal.params)}
    </p>
  );
}
