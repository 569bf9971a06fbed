/**
 * The client reads what the server decided, and decides nothing about who the viewer is
 * (docs/ARCHITECTURE.md "Where to find a rule"): outside the session's own code (features/auth), no
 * file in src/client compares the signed-in member's id with anything, compares a role, or reads an
 * admin flag. It reads a resource's `abilities`, and `yours` / `mine` / `viewerSide` where the server
 * said whose it is. A fixture proves the check fires on each kind.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
/** The session's own code: where the signed-in member's identity and admin flag are read. */
const SESSION_CODE = "src/client/features/auth/";

/** Names that hold the signed-in member (their `.id` is the viewer's id). */
const VIEWER_OBJECTS = /^(user|me|viewer|currentUser|session|sessionUser)$/;
/** Names that are the viewer's id itself. */
const VIEWER_IDS = /^(viewerId|meId|myId|currentUserId)$/;
const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/** The expression under `(…)`, `!` and `as`. */
function bare(node: ts.Expression): ts.Expression {
  if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAsExpression(node))
    return bare(node.expression);
  return node;
}

/** What makes one side of a comparison a decision about the viewer, or null. */
function viewerPart(node: ts.Expression): string | null {
  const side = bare(node);
  if (ts.isIdentifier(side) && VIEWER_IDS.test(side.text)) return `the viewer's id (${side.text})`;
  if (!ts.isPropertyAccessExpression(side)) return null;
  const name = side.name.text;
  if (name === "role") return "a role";
  const owner = bare(side.expression);
  const ownerName = ts.isIdentifier(owner)
    ? owner.text
    : ts.isPropertyAccessExpression(owner)
      ? owner.name.text
      : "";
  if (name === "id" && VIEWER_OBJECTS.test(ownerName)) return `the viewer's id (${ownerName}.id)`;
  return null;
}

/** Each decision about the viewer in `source`, as "line: what". */
function viewerDecisions(source: string, file = "fixture.tsx"): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node) => sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const what = viewerPart(node.left) ?? viewerPart(node.right);
      if (what) found.push(`${at(node)}: compares ${what}`);
    }
    if (ts.isPropertyAccessExpression(node) && node.name.text === "isAdmin")
      found.push(`${at(node)}: reads an admin flag`);
    if (ts.isBindingElement(node) && (node.propertyName ?? node.name).getText() === "isAdmin")
      found.push(`${at(node)}: reads an admin flag`);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe("the client decides nothing about who the viewer is", () => {
  it("finds each kind in a fixture, and lets what the server said through", () => {
    expect(
      viewerDecisions(
        [
          "const isOwner = user?.id === meal.owner.id;",
          "if (meal.data.owner.id !== user?.id) return null;",
          "const mine = message.sender.id === viewerId;",
          "const owner = group.membership?.role === 'owner';",
          "const admin = Boolean(me?.isAdmin);",
          "const { isAdmin } = session;",
        ].join("\n"),
      ),
    ).toEqual([
      "1: compares the viewer's id (user.id)",
      "2: compares the viewer's id (user.id)",
      "3: compares the viewer's id (viewerId)",
      "4: compares a role",
      "5: reads an admin flag",
      "6: reads an admin flag",
    ]);
    expect(
      viewerDecisions(
        [
          "const isOwner = meal.yours;",
          "const { mine } = message;",
          "const eater = request.viewerSide === 'eater';",
          "const keep = (meal) => meal.id !== id;",
          "if (abilities.leave.refusal?.code === 'owner_must_hand_over') hint();",
          "const badge = BADGE_VARIANT[member.role];",
        ].join("\n"),
      ),
    ).toEqual([]);
  });

  it("finds none in src/client outside the session's own code", () => {
    const files = readdirSync(path.join(root, "src/client"), { recursive: true, encoding: "utf8" })
      .map((file) => path.join("src/client", file))
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith(SESSION_CODE));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      viewerDecisions(readFileSync(path.join(root, file), "utf8"), file).map((what) => `${file}:${what}`),
    );
    expect(found).toEqual([]);
  });
});
