import { createTestApi } from "./lib/testing.ts";
import { sql } from "kysely";
const t = await createTestApi({ titles: 1 });
for (const name of process.argv.slice(2)) {
  const cols = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(t.db);
  console.log(name, cols.rows.map((c) => c.name).join(","));
}
await t.cleanup();
