/**
 * docs/features/handover.md point 4: what the cook's scanner reads from the eater's QR code — the code
 * of this request only, or four digits as they are.
 */
import { describe, expect, it } from "vitest";
import { codeFromScan, pickupCodeUrl } from "../../src/contract/requests";

const ID = "6f1c2d3e-4a5b-4c6d-8e7f-112233445566";
const OTHER = "0a1b2c3d-4e5f-4a6b-8c7d-998877665544";

describe("codeFromScan", () => {
  it("reads back what the eater's QR code holds, for this request", () => {
    expect(codeFromScan(pickupCodeUrl(ID, "0417", "https://meals.example"), ID)).toBe("0417");
    expect(codeFromScan(" 2468 ", ID)).toBe("2468");
  });

  it("refuses another request's code, a wrong code, and anything else", () => {
    expect(codeFromScan(pickupCodeUrl(OTHER, "0417", "https://meals.example"), ID)).toBeNull();
    expect(codeFromScan(`https://meals.example/request/${ID}?code=12345`, ID)).toBeNull();
    expect(codeFromScan(`https://meals.example/request/${ID}`, ID)).toBeNull();
    expect(codeFromScan("hello", ID)).toBeNull();
    expect(codeFromScan("123", ID)).toBeNull();
  });
});
