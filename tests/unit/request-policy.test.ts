import { describe, expect, it } from "vitest";
import {
  allowedMoves,
  REQUEST_MOVES,
  type RequestMove,
  type RequestStatus,
  requestStatusSchema,
} from "../../src/contract/requests";
import {
  allowedTransitions,
  participantOf,
  refusalOf,
  requestAbilities,
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
    expect(refusalOf("disputed", "completed", "eater")?.statusCode).toBe(403);
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

describe("a request's abilities: the table's refusals, as the endpoints answer them", () => {
  const later = new Date(Date.now() + 3_600_000);
  const request = (status: RequestStatus, extra: { paymentDue?: boolean } = {}) => ({
    status,
    eaterConfirmedAt: null,
    feederConfirmedAt: null,
    holdUntil: null,
    noShowParty: null,
    updatedAt: new Date(),
    paymentDue: extra.paymentDue ?? false,
  });

  for (const status of requestStatusSchema.options) {
    it(`sends from ${status} exactly the moves the table allows, and each refusal the move answers`, () => {
      for (const who of ["feeder", "eater"] as const) {
        const abilities = requestAbilities(request(status), { pickupWindowEnd: later }, who, null);
        expect(allowedMoves(abilities)).toEqual(allowedTransitions(status, who));
        for (const move of Object.keys(REQUEST_MOVES) as RequestMove[]) {
          expect(abilities[move].refusal?.code ?? null).toBe(
            refusalOf(status, REQUEST_MOVES[move], who)?.code ?? null,
          );
        }
      }
    });
  }

  it("lets the eater pay while the money is due, and the cook refund once it is paid", () => {
    const due = request("pending", { paymentDue: true });
    const window = { pickupWindowEnd: later };
    const waiting = { status: "requires_payment" as const, want: null };
    expect(requestAbilities(due, window, "eater", waiting).pay.allowed).toBe(true);
    expect(requestAbilities(due, window, "feeder", waiting).pay.refusal?.code).toBe("not_found");
    expect(requestAbilities(due, window, "eater", { ...waiting, want: "void" }).pay.refusal?.code).toBe(
      "nothing_to_pay",
    );
    expect(
      requestAbilities(due, { pickupWindowEnd: new Date(Date.now() - 1000) }, "eater", waiting).pay.refusal
        ?.code,
    ).toBe("meal_ended");
    expect(requestAbilities(due, window, "eater", null).pay.allowed).toBe(false);
    const paid = { status: "paid" as const, want: null };
    expect(requestAbilities(request("completed"), window, "feeder", paid).refund.allowed).toBe(true);
    expect(requestAbilities(request("completed"), window, "eater", paid).refund.refusal?.code).toBe(
      "forbidden",
    );
    expect(requestAbilities(request("accepted"), window, "feeder", waiting).refund.refusal?.code).toBe(
      "nothing_to_refund",
    );
  });

  it("refuses everything to someone who is not a participant", () => {
    const abilities = requestAbilities(request("pending"), { pickupWindowEnd: later }, null, null);
    expect(Object.values(abilities).every((ability) => ability.refusal?.code === "not_found")).toBe(true);
  });
});
