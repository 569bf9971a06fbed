/** The profile's mailing-list opt-in (DESIGN.md §4 "Mailing list"). */
import { useId } from "react";
import { Checkbox } from "@/client/components/ui/checkbox";
import { Label } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/use-toast";
import { useNewsletterOptIn } from "@/client/features/newsletter/api/subscribe";

export function NewsletterOptIn({ subscribed }: { subscribed: boolean }) {
  const optIn = useNewsletterOptIn();
  const id = useId();
  const checked = optIn.isPending ? optIn.variables : subscribed;
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id={id}
        checked={checked}
        disabled={optIn.isPending}
        onCheckedChange={(value) =>
          optIn.mutate(value === true, {
            onSuccess: (_data, next) =>
              toast({ title: next ? "Subscribed to the newsletter." : "Unsubscribed from the newsletter." }),
            onError: () =>
              toast({
                title: "Error",
                description: "Failed to update your subscription. Please try again.",
                variant: "destructive",
              }),
          })
        }
      />
      <div className="grid gap-1">
        <Label htmlFor={id}>Email me neighbourhood news</Label>
        <p className="text-sm text-muted-foreground">
          Occasional updates about events and new cooks. Unsubscribe any time.
        </p>
      </div>
    </div>
  );
}
