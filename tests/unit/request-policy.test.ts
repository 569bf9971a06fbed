import { describe, expect, it } from "vitest";
import { type RequestStatus, requestStatusSchema } from "../../src/contract/requests";
import {
  allowedTransitions,
  participantOf,
  transitionExists,
} from "../../src/server/features/requests/policy";

describe("request transition table (docs/DESIGN.md §4, docs/features/households.md)", () => {
  /** Before the pickup window, with nothing said yet. */
  const expected: Record<RequestStatus, { owner: RequestStatus[]; eater: RequestStatus[] }> = {
    pending: { owner: ["accepted", "declined", "completed", "cancelled"], eater: ["cancelled"] },
    accepted: { owner: ["completed", "cancelled"], eater: ["completed", "cancelled"] },
    held: { owner: [], eater: ["accepted", "cancelled"] },
    declined: { owner: [], eater: [] },
    completed: { owner: [], eater: [] },
    cancelled: { owner: [], eater: [] },
    lapsed: { owner: [], eater: [] },
    no_show: { owner: [], eater: [] },
  };

  for (const status of requestStatusSchema.options) {
    it(`allows exactly the table's moves from ${status}`, () => {
      expect(allowedTransitions(status, "owner")).toEqual(expected[status].owner);
      expect(allowedTransitions(status, "eater")).toEqual(expected[status].eater);
    });
  }

  it("offers a no-show report once the window has begun, and nothing more to whoever said the pickup happened", () => {
    const begun = { windowStarted: true, confirmedByViewer: false, holdExpired: false };
    expect(allowedTransitions("accepted", "owner", begun)).toEqual(["completed", "cancelled", "no_show"]);
    expect(allowedTransitions("accepted", "eater", { ...begun, confirmedByViewer: true })).toEqual([]);
    expect(allowedTransitions("pending", "owner", begun)).toEqual([
      "accepted",
      "declined",
      "completed",
      "cancelled",
    ]);
  });

  it("knows which moves exist at all", () => {
    expect(transitionExists("pending", "accepted")).toBe(true);
    expect(transitionExists("accepted", "declined")).toBe(false);
    expect(transitionExists("completed", "cancelled")).toBe(false);
  });

  it("tells owner, eater and stranger apart", () => {
    const request = { ownerId: "o", eaterId: "e" };
    expect(participantOf("o", request)).toBe("owner");
    expect(participantOf("e", request)).toBe("eater");
    expect(participantOf("x", request)).toBeNull();
  });
});
