import { LocateFixed } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { requestViewerPosition, useViewerPosition } from "@/client/lib/geo";

/** Lets the viewer share their position so cards can show real distances (DESIGN.md §4). */
export function ShowDistancesButton() {
  const position = useViewerPosition();
  const [error, setError] = useState<string | null>(null);
  if (position) return null;
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          requestViewerPosition().then(
            () => setError(null),
            (e: Error) => setError(e.message),
          )
        }
      >
        <LocateFixed aria-hidden="true" /> Show distances
      </Button>
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
