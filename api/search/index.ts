/**
 * The catalogue search engine's one public interface (ADR 012, 069, 105): text index and its vocabulary,
 * ranking and sorting, facets, browse indexes, and the rules they share. Routes, domain rules, the MARC
 * importer, seeds and benches import from here only; the modules behind it are private to this folder.
 *
 * For writers of `acervo`: after a batch of titles is written, call `indexTitles(db, ids)` once for that batch
 * (any size; it works in chunks). It rewrites each title's text index entry, browse entries, tabs, derived
 * facet values, sort keys and the spelling vocabulary. A bulk writer that has the rows in hand (the MARC
 * importer) calls `writeTitleIndex(trx, rows)` inside its own write transaction instead (ADR 101).
 * `reindexAcervos(db)` rebuilds everything.
 */
export * from "./browse-rules.ts";
export * from "./browse.ts";
export * from "./derived-facets.ts";
export * from "./facet-columns.ts";
export * from "./facets.ts";
export * from "./filters.ts";
export { isbn13Of, normalizeIdentifiers, normalizeIssn } from "./identifiers.ts";
export * from "./indexer.ts";
export * from "./query.ts";
export * from "./tab-options-store.ts";
export * from "./tab-options.ts";
export { distinctTerms, fold, words } from "./text.ts";
export * from "./vocabulary.ts";
export { fillTerms, optimizeTextIndex } from "./terms.ts";
export * from "./network.ts";
export { rebuildRequestedDerivedData } from "./rebuild-requested.ts";
export * from "./related.ts";
export * from "./autocomplete.ts";
export { AVAILABLE_ANYWHERE, parseScopeOptions, SCOPE_FIELDS, SCOPE_YEAR_MAX, SCOPE_YEAR_MIN, type ScopeField } from "./scope-options.ts";
export { copySummaries, type CopyPlace, type CopySummary } from "./copy-summary.ts";
