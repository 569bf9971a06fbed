import { describe, expect, it } from "vitest";
import { type RequestStatus, requestStatusSchema } from "../../src/contract/requests";
import {
  allowedTransitions,
  participantOf,
  transitionExists,
} from "../../src/server/features/requests/policy";

describe("request transition table (docs/DESIGN.md §4, docs/features/households.md)", () => {
  /** Before the pickup window, with nothing said yet. */
  const expected: Record<RequestStatus, { feeder: RequestStatus[]; eater: RequestStatus[] }> = {
    pending: { feeder: ["accepted", "declined", "completed", "cancelled"], eater: ["cancelled"] },
    accepted: { feeder: ["completed", "cancelled"], eater: ["completed", "cancelled"] },
    held: { feeder: [], eater: ["accepted", "cancelled"] },
    declined: { feeder: [], eater: [] },
    completed: { feeder: [], eater: [] },
    cancelled: { feeder: [], eater: [] },
    lapsed: { feeder: [], eater: [] },
    no_show: { feeder: [], eater: [] },
  };

  for (const status of requestStatusSchema.options) {
    it(`allows exactly the table's moves from ${status}`, () => {
      expect(allowedTransitions(status, "feeder")).toEqual(expected[status].feeder);
      expect(allowedTransitions(status, "eater")).toEqual(expected[status].eater);
    });
  }

  it("offers a no-show report once the window has begun, and nothing more to whoever said the pickup happened", () => {
    const begun = { windowStarted: true, confirmedByViewer: false, holdExpired: false };
    expect(allowedTransitions("accepted", "feeder", begun)).toEqual(["completed", "cancelled", "no_show"]);
    expect(allowedTransitions("accepted", "eater", { ...begun, confirmedByViewer: true })).toEqual([]);
    expect(allowedTransitions("pending", "feeder", begun)).toEqual([
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
    const request = { feederId: "o", eaterId: "e" };
    expect(participantOf("o", request)).toBe("feeder");
    expect(participantOf("e", request)).toBe("eater");
    expect(participantOf("x", request)).toBeNull();
  });
});
