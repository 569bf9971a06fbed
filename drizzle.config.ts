import { defineConfig } from "drizzle-kit";

/** drizzle-kit reads the schema and writes SQL migrations to ./drizzle (docs/DESIGN.md §1). */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema.ts",
  out: "./drizzle",
});
