import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { invalidateFromNow } from "@/client/lib/refetch";

/**
 * A query over a "database" whose reads are held until released: a read takes the rows as they are
 * when it begins, as a real one does.
 */
function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const rows: string[] = [];
  const held: (() => void)[] = [];
  let reads = 0;
  const observer = new QueryObserver<string[]>(queryClient, {
    queryKey: ["/api/notifications"],
    queryFn: async () => {
      reads += 1;
      const snapshot = [...rows];
      await new Promise<void>((resolve) => held.push(resolve));
      return snapshot;
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  const releaseAll = async () => {
    while (held.length > 0 || queryClient.isFetching() > 0) {
      for (const release of held.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  const data = () => queryClient.getQueryData<string[]>(["/api/notifications"]);
  return { queryClient, rows, releaseAll, data, reads: () => reads, unsubscribe };
}

describe("invalidateFromNow", () => {
  it("shows a write made while the query's first fetch was under way, where invalidateQueries keeps the old read", async () => {
    const plain = setUp();
    plain.rows.push("request_new");
    const invalidated = plain.queryClient.invalidateQueries({ queryKey: ["/api/notifications"] });
    await plain.releaseAll();
    await invalidated;
    // TanStack Query reused the fetch begun before the write: the reason the helper exists.
    expect(plain.data()).toEqual([]);
    plain.unsubscribe();

    const fixed = setUp();
    fixed.rows.push("request_new");
    const refetched = invalidateFromNow(fixed.queryClient, { queryKey: ["/api/notifications"] });
    await fixed.releaseAll();
    await refetched;
    expect(fixed.data()).toEqual(["request_new"]);
    expect(fixed.reads()).toBe(2);
    fixed.unsubscribe();
  });

  it("refetches a query that has data once, at once, even with a fetch under way", async () => {
    const { queryClient, rows, releaseAll, data, reads, unsubscribe } = setUp();
    await releaseAll();
    expect(data()).toEqual([]);
    void queryClient.invalidateQueries({ queryKey: ["/api/notifications"] });
    rows.push("message_new");
    const refetched = invalidateFromNow(queryClient, { queryKey: ["/api/notifications"] });
    await releaseAll();
    await refetched;
    expect(data()).toEqual(["message_new"]);
    expect(reads()).toBe(3);
    unsubscribe();
  });
});
