import { describe, expect, it } from "vitest";
import { type RequestStatus, requestStatusSchema } from "../../src/contract/requests";
import {
  allowedTransitions,
  participantOf,
  refusalOf,
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
    disputed: { feeder: [], eater: [] },
  };
  const nothing = {
    windowEnded: false,
    confirmedByViewer: false,
    holdExpired: false,
    reportedAgainstViewer: false,
    disputeOpen: false,
  };

  for (const status of requestStatusSchema.options) {
    it(`allows exactly the table's moves from ${status}`, () => {
      expect(allowedTransitions(status, "feeder")).toEqual(expected[status].feeder);
      expect(allowedTransitions(status, "eater")).toEqual(expected[status].eater);
    });
  }

  it("offers a no-show report once the window has ended, and nothing more to whoever said the pickup happened", () => {
    const begun = { ...nothing, windowEnded: true };
    expect(allowedTransitions("accepted", "feeder", begun)).toEqual(["completed", "cancelled", "no_show"]);
    expect(allowedTransitions("accepted", "eater", { ...begun, confirmedByViewer: true })).toEqual([]);
    expect(allowedTransitions("pending", "feeder", begun)).toEqual([
      "accepted",
      "declined",
      "completed",
      "cancelled",
    ]);
  });

  it("lets only the side a no-show report names dispute it, for 14 days; only an admin settles a dispute", () => {
    expect(
      allowedTransitions("no_show", "eater", { ...nothing, reportedAgainstViewer: true, disputeOpen: true }),
    ).toEqual(["disputed"]);
    expect(allowedTransitions("no_show", "feeder", { ...nothing, disputeOpen: true })).toEqual([]);
    expect(allowedTransitions("no_show", "eater", { ...nothing, reportedAgainstViewer: true })).toEqual([]);
    expect(refusalOf("disputed", "completed", "eater")?.status).toBe(403);
    expect(refusalOf("disputed", "completed", "admin")).toBeNull();
    expect(refusalOf("accepted", "no_show", "feeder", { ...nothing, windowEnded: false })?.code).toBe(
      "too_early",
    );
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
