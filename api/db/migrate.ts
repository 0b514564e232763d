import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import * as m001 from "./migrations/001-domain.ts";
import * as m002 from "./migrations/002-search.ts";
import * as m003 from "./migrations/003-search-guides.ts";
import * as m005 from "./migrations/005-title-pages.ts";
import * as m006 from "./migrations/006-requests.ts";
import * as m007 from "./migrations/007-network.ts";
import * as m008 from "./migrations/008-search-tabs.ts";
import * as m009 from "./migrations/009-search-facets.ts";
import * as m010 from "./migrations/010-waiting-list.ts";
import * as m016 from "./migrations/016-rate-limits.ts";
import * as m013 from "./migrations/013-search-order.ts";
import * as m011 from "./migrations/011-first-start.ts";
import * as m018 from "./migrations/018-loans.ts";
import * as m019 from "./migrations/019-alerts.ts";
import * as m021 from "./migrations/021-holds-debits-saved.ts";
import * as m028 from "./migrations/028-account-profile.ts";
import * as m024 from "./migrations/024-password-recovery.ts";
import * as m050 from "./migrations/050-api-contract.ts";
import * as m060 from "./migrations/060-library-requests.ts";
import * as m030 from "./migrations/030-sso.ts";
import * as m040 from "./migrations/040-captcha.ts";
import * as m041 from "./migrations/041-session-login.ts";
import * as m070 from "./migrations/070-interest-profiles.ts";
import * as m071 from "./migrations/071-declarations.ts";
import * as m072 from "./migrations/072-acquisition-statistics.ts";
import * as m073 from "./migrations/073-professor-suggestions.ts";
import * as m074 from "./migrations/074-search-terms.ts";
import * as m075 from "./migrations/075-year-type-language-index.ts";
import * as m076 from "./migrations/076-lookup-indexes.ts";
import * as m077 from "./migrations/077-catalogue-changes.ts";
import * as m082 from "./migrations/082-refresh-successors.ts";
import * as m083 from "./migrations/083-calendar-feed-hash.ts";
import * as m085 from "./migrations/085-mail-outbox.ts";
import * as m086 from "./migrations/086-title-filing.ts";
import * as m088 from "./migrations/088-identifier-forms.ts";
import * as m091 from "./migrations/091-closed-stacks.ts";
import * as m095 from "./migrations/095-autocomplete-prefix.ts";
import * as m096 from "./migrations/096-work-key.ts";
import * as m099 from "./migrations/099-notification-preferences.ts";
import * as m100 from "./migrations/100-history-period.ts";
import * as m103 from "./migrations/103-patron-language.ts";
import * as m107 from "./migrations/107-patron-lists.ts";
import * as m112 from "./migrations/112-copies-on-the-shelf.ts";
import * as m113 from "./migrations/113-oldest-first-index.ts";
import * as m114 from "./migrations/114-call-number-order.ts";
import * as m115 from "./migrations/115-titles-on-the-shelf.ts";
import * as m116 from "./migrations/116-shelf-changes-logged.ts";
import * as m117 from "./migrations/117-text-matches-by-index.ts";
import * as m118 from "./migrations/118-change-log-one-bump-per-transaction.ts";
import * as m119 from "./migrations/119-text-matches-with-title.ts";
import * as m120 from "./migrations/120-text-index-changes-versioned.ts";
import * as m092 from "./migrations/092-email-change.ts";

// Static provider: the migrations are bundled modules, so the esbuild build needs no fs scanning.
const migrations: Record<string, Migration> = {
  "001-domain": m001,
  "002-search": m002,
  "003-search-guides": m003,
  "005-title-pages": m005,
  "006-requests": m006,
  "007-network": m007,
  "008-search-tabs": m008,
  "009-search-facets": m009,
  "010-waiting-list": m010,
  "016-rate-limits": m016,
  "013-search-order": m013,
  "011-first-start": m011,
  "018-loans": m018,
  "019-alerts": m019,
  "021-holds-debits-saved": m021,
  "028-account-profile": m028,
  "024-password-recovery": m024,
  "050-api-contract": m050,
  "060-library-requests": m060,
  "030-sso": m030,
  "040-captcha": m040,
  "041-session-login": m041,
  "070-interest-profiles": m070,
  "071-declarations": m071,
  "072-acquisition-statistics": m072,
  "073-professor-suggestions": m073,
  "074-search-terms": m074,
  "075-year-type-language-index": m075,
  "076-lookup-indexes": m076,
  "077-catalogue-changes": m077,
  "082-refresh-successors": m082,
  "083-calendar-feed-hash": m083,
  "085-mail-outbox": m085,
  "086-title-filing": m086,
  "088-identifier-forms": m088,
  "091-closed-stacks": m091,
  "095-autocomplete-prefix": m095,
  "096-work-key": m096,
  "099-notification-preferences": m099,
  "100-history-period": m100,
  "103-patron-language": m103,
  "107-patron-lists": m107,
  "112-copies-on-the-shelf": m112,
  "113-oldest-first-index": m113,
  "114-call-number-order": m114,
  "115-titles-on-the-shelf": m115,
  "116-shelf-changes-logged": m116,
  "117-text-matches-by-index": m117,
  "118-change-log-one-bump-per-transaction": m118,
  "119-text-matches-with-title": m119,
  "120-text-index-changes-versioned": m120,
  "092-email-change": m092,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  // Migration numbers are reserved per feature and land in any order: run whichever ones a database lacks.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const why = error instanceof Error ? error.message : String(error ?? "");
    throw new Error(`migration ${failed?.migrationName ?? "?"} failed: ${why}`);
  }
}
