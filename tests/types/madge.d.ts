/** What the tests use of madge (scripts/check-cycles.mjs reads imports with it), which has no types. */
declare module "madge" {
  interface MadgeResult {
    /** Each file and the files it imports, paths relative to `baseDir`. */
    obj(): Record<string, string[]>;
    /** Each import circle as the files in it. */
    circular(): string[][];
  }
  export default function madge(
    path: string | string[],
    config?: Record<string, unknown>,
  ): Promise<MadgeResult>;
}
