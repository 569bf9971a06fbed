/**
 * The client's import boundaries (docs/ARCHITECTURE.md "The client") and the server features' doors
 * (docs/ARCHITECTURE.md "Server features"), enforced by Biome's
 * noRestrictedImports in `npm run lint`: this runs the repo's own biome.json over a small fixture
 * tree and checks that each kind of crossing is reported and the allowed imports are not.
 */
import { describe, expect, it } from "vitest";
import { biomeReport } from "./lint-checks";

/** Each fixture file, and the lines of it (1-based) that cross a boundary. */
const files: Record<string, { source: string[]; crossing: number[] }> = {
  "src/client/pages/home.tsx": {
    source: [
      'import Other from "@/client/pages/meal-detail";',
      'import { MealCard } from "@/client/features/meals/components/meal-card";',
      'import { useMeals } from "@/client/features/meals";',
      'import { Button } from "@/client/components/ui/button";',
      "export const used = [Other, MealCard, useMeals, Button];",
    ],
    crossing: [1, 2],
  },
  "src/client/features/requests/components/thread.tsx": {
    source: [
      'import { BlockButton } from "../../users/components/block-button";',
      'import { userKeys } from "@/client/features/users/api/profiles";',
      'import { useDisplayName } from "@/client/features/users";',
      'import { useRequest } from "../api/get-request";',
      'import Home from "@/client/pages/home";',
      "export const used = [BlockButton, userKeys, useDisplayName, useRequest, Home];",
    ],
    crossing: [1, 2, 5],
  },
  "src/client/features/meals/use-filters.ts": {
    source: [
      'import { useCurrentUser } from "../auth/api/get-current-user";',
      'import { useMeals } from "./api/get-meals";',
      "export const used = [useCurrentUser, useMeals];",
    ],
    crossing: [1],
  },
  "src/client/components/layout/footer.tsx": {
    source: [
      'import { NewsletterForm } from "@/client/features/newsletter";',
      'import { NavBar } from "@/client/app/layout/nav-bar";',
      'import { Button } from "@/client/components/ui/button";',
      'import { cn } from "@/client/lib/utils";',
      "export const used = [NewsletterForm, NavBar, Button, cn];",
    ],
    crossing: [1, 2],
  },
  "src/server/features/meals/service.ts": {
    source: [
      'import { moveRequest } from "../requests/move";',
      'import { registerRequestRoutes } from "../requests/routes";',
      'import { getRequest } from "../requests";',
      'import { queryRows } from "../../db/client";',
      'import { presentMeal } from "./presenter";',
      "export const used = [moveRequest, registerRequestRoutes, getRequest, queryRows, presentMeal];",
    ],
    crossing: [1, 2],
  },
  "src/server/jobs/registry.ts": {
    source: [
      'import { makeOccurrence } from "../features/meals/series";',
      'import { markEndedMeals } from "../features/meals";',
      'import { QUEUES } from "./queue";',
      "export const used = [makeOccurrence, markEndedMeals, QUEUES];",
    ],
    crossing: [1],
  },
  "src/server/plugins/routes.ts": {
    source: [
      'import { registerMealRoutes } from "../features/meals/routes";',
      'import { registerMealListRoutes } from "../features/meals/list-routes";',
      "export const used = [registerMealRoutes, registerMealListRoutes];",
    ],
    crossing: [2],
  },
  "src/client/lib/api-client.ts": {
    source: [
      'import { toast } from "@/client/components/ui/use-toast";',
      'import { notify } from "./notices";',
      "export const used = [toast, notify];",
    ],
    crossing: [1],
  },
};

const lint = () =>
  biomeReport(Object.fromEntries(Object.entries(files).map(([file, { source }]) => [file, source])));

describe("import boundaries", () => {
  it("reports a page importing a page, reaching into a feature, a feature into another's folders, components/ importing a feature or the shell, lib/ importing UI, and a server feature's files reached past its door", () => {
    const report = lint();
    const reported = [...report.matchAll(/^(\S+):(\d+):\d+ lint\/style\/noRestrictedImports/gm)].map(
      ([, file, line]) => `${file}:${line}`,
    );
    const expected = Object.entries(files).flatMap(([file, { crossing }]) =>
      crossing.map((line) => `${file}:${line}`),
    );
    expect(reported.sort()).toEqual(expected.sort());
  });
});
