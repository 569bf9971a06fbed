/**
 * `GET /api/meals/{id}/preview`: an open meal's title, kind and photo for a visitor who is not signed
 * in (docs/features/everyday-journey.md).
 */
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { mealKeys } from "@/client/lib/query-keys";
import type { MealPreview } from "@/contract/meals";

const mealId = z.uuid();

/** The preview of meal `id`; not asked for an id that cannot name a meal, nor retried on a 404. */
export const useMealPreview = (id: string) =>
  useQuery<MealPreview>({
    queryKey: mealKeys.preview(id),
    enabled: mealId.safeParse(id).success,
    retry: false,
  });
