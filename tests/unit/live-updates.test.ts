import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { LIVE_SUBSCRIBERS } from "@/client/app/live";
import { liveDispatcher } from "@/client/features/live/use-live-updates";
import { mealKeys, requestKeys } from "@/client/lib/query-keys";
import type { Notification } from "@/contract/notifications";
import { type MealRequestDetail, REQUEST_MOVES, type RequestAbilities } from "@/contract/requests";

const REQUEST = "6f1c5b8e-3d0a-4f4e-9a53-6b0f0f6c2a11";
const MEAL = "0d3b1e77-52a4-4c2a-8b7e-2f5d9a4c1e90";
const OTHER_MEAL = "9a7e3c2b-1f0d-4e5a-8c6b-3d2e1f0a9b87";

const ALLOWED = { allowed: true, refusal: null };
const REFUSED = { allowed: false, refusal: { code: "invalid_transition", key: "No.", params: {} } };
/** Abilities that allow exactly `moves` (the rest refused). */
const allowing = (...moves: string[]): RequestAbilities =>
  Object.fromEntries(
    [...Object.keys(REQUEST_MOVES), "enterCode", "pay", "refund"].map((name) => [
      name,
      moves.includes(name) ? ALLOWED : REFUSED,
    ]),
  ) as RequestAbilities;

/** A cache holding one thread, its meal's page, another meal's page and the notifications. */
function setUp(answersMadeAt?: number) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const thread = { id: REQUEST, status: "pending", abilities: allowing("accept"), messages: [] };
  queryClient.setQueryData(requestKeys.detail(REQUEST), thread as unknown as MealRequestDetail);
  queryClient.setQueryData(requestKeys.list("incoming"), []);
  queryClient.setQueryData(mealKeys.detail(MEAL), { id: MEAL });
  queryClient.setQueryData(mealKeys.detail(OTHER_MEAL), { id: OTHER_MEAL });
  queryClient.setQueryData(mealKeys.list("/api/meals?kind=free"), { pages: [] });
  queryClient.setQueryData(["/api/notifications"], [] as Notification[]);
  const dispatch = liveDispatcher(queryClient, LIVE_SUBSCRIBERS, () => answersMadeAt);
  const stale = (queryKey: readonly unknown[]) =>
    queryClient.getQueryState(queryKey)?.isInvalidated ?? "absent";
  return { queryClient, dispatch, stale };
}

const notice = (fields: Partial<Notification>): Notification => ({
  id: crypto.randomUUID(),
  type: "request_status",
  text: "Your request was accepted",
  textKey: null,
  textParams: null,
  link: `/request/${REQUEST}`,
  requestId: REQUEST,
  isRead: false,
  createdAt: new Date().toISOString(),
  ...fields,
});

describe("live updates, each feature handling its own data", () => {
  it("a status event rewrites the thread, and refreshes its meal's page and the request lists only", () => {
    const { queryClient, dispatch, stale } = setUp();
    dispatch("request", {
      requestId: REQUEST,
      mealId: MEAL,
      status: "accepted",
      updatedAt: new Date().toISOString(),
      abilities: allowing("complete"),
    });
    const thread = queryClient.getQueryData<MealRequestDetail>(requestKeys.detail(REQUEST));
    expect(thread?.status).toBe("accepted");
    expect(thread?.abilities).toEqual(allowing("complete"));
    expect(stale(mealKeys.detail(MEAL))).toBe(true);
    expect(stale(mealKeys.detail(OTHER_MEAL))).toBe(false);
    expect(stale(requestKeys.list("incoming"))).toBe(true);
  });

  it("a notification goes to the top of the list once, and refreshes the thread it names", () => {
    const { queryClient, dispatch, stale } = setUp();
    const accepted = notice({});
    dispatch("notification", accepted);
    dispatch("notification", accepted);
    expect(queryClient.getQueryData<Notification[]>(["/api/notifications"])).toEqual([accepted]);
    expect(stale(requestKeys.detail(REQUEST))).toBe(true);
    expect(stale(mealKeys.detail(MEAL))).toBe(false);
  });

  it("a notification about no thread leaves every thread as it is", () => {
    const { dispatch, stale } = setUp();
    dispatch("notification", notice({ type: "review_received", requestId: null, link: "/reviews" }));
    expect(stale(requestKeys.detail(REQUEST))).toBe(false);
    expect(stale(requestKeys.list("incoming"))).toBe(false);
  });

  it("a resync refreshes what every feature shows live, but not the meal lists", () => {
    const { dispatch, stale } = setUp();
    dispatch("resync", {});
    expect(stale(["/api/notifications"])).toBe(true);
    expect(stale(requestKeys.detail(REQUEST))).toBe(true);
    expect(stale(mealKeys.detail(OTHER_MEAL))).toBe(true);
    expect(stale(mealKeys.list("/api/meals?kind=free"))).toBe(false);
  });

  it("the first ready resyncs only when something was written after the page's answers", () => {
    const madeAt = Date.now();
    const quiet = setUp(madeAt);
    quiet.dispatch("ready", { latestAt: new Date(madeAt - 60_000).toISOString() });
    expect(quiet.stale(requestKeys.detail(REQUEST))).toBe(false);

    const busy = setUp(madeAt);
    busy.dispatch("ready", { latestAt: new Date(madeAt + 1_000).toISOString() });
    expect(busy.stale(requestKeys.detail(REQUEST))).toBe(true);
    // A later ready comes after a reconnect, whose missed events the server replays.
    busy.queryClient.setQueryData(requestKeys.detail(REQUEST), { id: REQUEST });
    busy.dispatch("ready", { latestAt: new Date().toISOString() });
    expect(busy.stale(requestKeys.detail(REQUEST))).toBe(false);
  });

  it("a feature whose handler fails leaves the others their share of the event", () => {
    const { queryClient } = setUp();
    const failing = {
      on: {
        notification: () => {
          throw new Error("cannot read it");
        },
      },
      resync: () => {},
    };
    const dispatch = liveDispatcher(queryClient, [failing, ...LIVE_SUBSCRIBERS]);
    const accepted = notice({});
    dispatch("notification", accepted);
    expect(queryClient.getQueryData<Notification[]>(["/api/notifications"])).toEqual([accepted]);
  });
});
