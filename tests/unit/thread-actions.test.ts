/**
 * A thread offers exactly the moves the server allows: the client places the server's
 * `allowedTransitions` (spec §4 "Request status") as buttons or under More actions, and never adds
 * or drops one — for the owner as for the eater, from every status.
 */
import { describe, expect, it } from "vitest";
import { arrangeActions } from "../../src/client/features/requests/arrange-actions";
import { requestStatusSchema } from "../../src/contract/requests";
import { allowedTransitions, type Participant } from "../../src/server/features/requests/policy";

describe("a thread's status actions", () => {
  const participants: Participant[] = ["feeder", "eater"];
  const nothing = {
    windowEnded: false,
    confirmedByViewer: false,
    holdExpired: false,
    reportedAgainstViewer: false,
    disputeOpen: false,
  };
  const moments = [
    nothing,
    { ...nothing, windowEnded: true },
    { ...nothing, reportedAgainstViewer: true, disputeOpen: true },
  ];
  for (const status of requestStatusSchema.options) {
    for (const who of participants) {
      it(`offers the ${who} exactly the server's moves from ${status}`, () => {
        for (const moment of moments) {
          const allowed = allowedTransitions(status, who, moment);
          const { primary, more } = arrangeActions(status, allowed);
          expect([...primary, ...more].sort()).toEqual([...allowed].sort());
          // Something to do is always a button, never only a menu.
          if (allowed.length > 0) expect(primary.length).toBeGreaterThan(0);
        }
      });
    }
  }

  it("keeps completing a request not yet accepted, which the owner may do, under More actions", () => {
    expect(arrangeActions("pending", allowedTransitions("pending", "feeder"))).toEqual({
      primary: ["accepted", "declined"],
      more: ["completed", "cancelled"],
    });
  });
});
