/**
 * One shape for "may the viewer do this?" on every resource answer (docs/ARCHITECTURE.md "Where to
 * find a rule", contract/abilities.ts): every schema the contract exports is walked, and
 * - an `abilities` field is an object whose every value is `abilitySchema` (allowed, or a `Refusal`);
 * - `abilitySchema` appears nowhere else, and `refusalSchema` only inside it;
 * - no field says it another way (`permissions`, `allowedTransitions`, `canPay`, `isOwner`…).
 * A fixture of each wrong shape proves the walk finds it.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { abilitySchema as ability, refusalSchema as refusal } from "../../src/contract/abilities";

/** Field names that carry a permission outside `abilities`. */
const OTHER_SHAPES =
  /^(permissions|allowedTransitions|allowedActions|can[A-Z]\w*|may[A-Z]\w*|is(Owner|Mine|Me))$/;

type Schema = z.ZodType & { _zod: { def: Record<string, unknown> } };
const abilitySchema = ability as unknown as Schema;
const refusalSchema = refusal as unknown as Schema;
const isSchema = (value: unknown): value is Schema =>
  typeof value === "object" && value !== null && "_zod" in value;

/** Every place in `schema` that breaks the one shape, as "path: why". */
function problemsOf(name: string, schema: Schema): string[] {
  const problems: string[] = [];
  const seen = new Set<unknown>();
  const walk = (node: Schema, path: string, underAbilities: boolean, insideAbility: boolean) => {
    if (node === abilitySchema) {
      if (!underAbilities) problems.push(`${path}: an ability outside an \`abilities\` object`);
      return;
    }
    if (node === refusalSchema) {
      if (!insideAbility) problems.push(`${path}: a refusal outside an ability`);
      return;
    }
    if (seen.has(node)) return;
    seen.add(node);
    const def = node._zod.def;
    if (def.type === "object") {
      for (const [key, value] of Object.entries(def.shape as Record<string, Schema>)) {
        const at = `${path}.${key}`;
        if (OTHER_SHAPES.test(key)) problems.push(`${at}: a permission outside \`abilities\``);
        if (key === "abilities") {
          problems.push(...abilitiesProblems(value, at));
          continue;
        }
        walk(value, at, false, insideAbility);
      }
      return;
    }
    for (const value of Object.values(def)) {
      const children = Array.isArray(value) ? value : [value];
      for (const child of children) if (isSchema(child)) walk(child, path, underAbilities, insideAbility);
    }
    if (def.type === "lazy") walk((def.getter as () => Schema)(), path, underAbilities, insideAbility);
  };
  // A resource's abilities declared on their own (`mealAbilitiesSchema`) are held as an `abilities` field.
  if (/AbilitiesSchema$/.test(name)) return abilitiesProblems(schema, name);
  walk(schema, name, false, false);
  return problems;
}

/** What is wrong with an `abilities` object: it must be an object of `abilitySchema` only. */
function abilitiesProblems(schema: Schema, path: string): string[] {
  const inner = unwrap(schema);
  if (inner._zod.def.type !== "object") return [`${path}: not an object of abilities`];
  return Object.entries(inner._zod.def.shape as Record<string, Schema>)
    .filter(([, shape]) => shape !== abilitySchema)
    .map(([ability]) => `${path}.${ability}: not \`abilitySchema\``);
}

/** The schema under optional, nullable and default wrappers. */
function unwrap(schema: Schema): Schema {
  const def = schema._zod.def;
  return ["optional", "nullable", "default", "readonly"].includes(def.type as string)
    ? unwrap(def.innerType as Schema)
    : schema;
}

/** Every zod schema the contract's modules export, by "module.export". */
async function contractSchemas(): Promise<[string, Schema][]> {
  const dir = join(__dirname, "../../src/contract");
  const files = [
    ...readdirSync(dir).filter((file) => file.endsWith(".ts")),
    ...readdirSync(join(dir, "plain")).map((file) => `plain/${file}`),
  ].filter((file) => file.endsWith(".ts"));
  const found: [string, Schema][] = [];
  for (const file of files) {
    const module = (await import(join(dir, file))) as Record<string, unknown>;
    const base = file.replace(/\.ts$/, "");
    for (const [name, value] of Object.entries(module))
      if (isSchema(value) && value !== abilitySchema && value !== refusalSchema)
        found.push([`${base}.${name}`, value]);
  }
  return found;
}

describe("the one abilities shape (contract/abilities.ts)", () => {
  it("holds on every schema the contract exports", async () => {
    const schemas = await contractSchemas();
    expect(schemas.length).toBeGreaterThan(100);
    const problems = schemas.flatMap(([name, schema]) => problemsOf(name, schema));
    expect(problems).toEqual([]);
    // The resources named in the rule each carry theirs.
    const names = new Set(schemas.map(([name]) => name));
    for (const resource of [
      "meals.mealDetailSchema",
      "requests.requestSchema",
      "requests.requestDetailSchema",
      "groups.groupDetailSchema",
      "groups.groupMemberSchema",
      "users.publicProfileSchema",
      "draw.drawViewSchema",
      "meals.mealSeriesViewSchema",
    ]) {
      expect(names.has(resource), resource).toBe(true);
      const [, schema] = schemas.find(([name]) => name === resource) as [string, Schema];
      expect(Object.keys(schema._zod.def.shape as object), resource).toContain("abilities");
    }
  });

  it("finds each wrong shape (a fixture)", () => {
    const wrong = z.object({
      permissions: z.object({ edit: z.boolean() }),
      allowedTransitions: z.array(z.string()),
      payment: z.object({ canRefund: z.boolean() }).optional(),
      abilities: z.object({ edit: ability, pay: z.boolean() }),
      vouch: z.object({ ability }).nullable(),
      items: z.array(z.object({ refusal })),
    }) as unknown as Schema;
    expect(problemsOf("fixture", wrong)).toEqual([
      "fixture.permissions: a permission outside `abilities`",
      "fixture.allowedTransitions: a permission outside `abilities`",
      "fixture.payment.canRefund: a permission outside `abilities`",
      "fixture.abilities.pay: not `abilitySchema`",
      "fixture.vouch.ability: an ability outside an `abilities` object",
      "fixture.items.refusal: a refusal outside an ability",
    ]);
    const right = z.object({
      abilities: z.object({ edit: ability }),
      members: z.array(z.object({ abilities: z.object({ remove: ability }) })),
    }) as unknown as Schema;
    expect(problemsOf("fixture", right)).toEqual([]);
  });
});
