/**
 * Patron lists (ADR 246): the rules of naming, limits, ownership and public links. Returns outcomes with reason
 * codes (contract/lists.ts); the route maps them to HTTP and words. A list that is not the patron's is
 * "nao_encontrada", exactly like one that does not exist.
 */
import crypto from "node:crypto";
import type { Db } from "../db/index.ts";
import * as store from "../db/lists.ts";
import { MAX_LIST_ITEMS, MAX_LISTS, type ListReason } from "../../contract/lists.ts";

export type Outcome<T> = { ok: true; value: T } | { ok: false; motivo: ListReason };
const fail = (motivo: ListReason) => ({ ok: false as const, motivo });
const ok = <T>(value: T) => ({ ok: true as const, value });

/** "padrao" or a list's id, as the path names it. */
export type ListRef = number | "padrao";

/** A public token: 192 random bits, URL-safe (ADR 246 asks for 128 or more). */
export function newPublicToken(): string {
  return crypto.randomBytes(24).toString("base64url");
}

/** Control characters (NUL among them, which PostgreSQL's text refuses), except the tab and the line break. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** A name as stored: control characters dropped, inner runs of white space made one space, trimmed. */
export function cleanName(nome: string): string {
  return nome.replace(/\s+/g, " ").replace(CONTROL, "").trim();
}

/** A note as stored: control characters but the line break dropped, trimmed; empty means no note. */
export function cleanNote(nota: string | null | undefined): string | null {
  const v = (nota ?? "").replace(/\r\n?/g, "\n").replace(CONTROL, "").trim();
  return v === "" ? null : v;
}

/** The patron's list by reference; the default list reads as empty (unsaved) before its first use. */
export async function findList(db: Db, who: number, ref: ListRef): Promise<store.ListRow | null> {
  if (ref === "padrao") return (await store.defaultListOf(db, who)) ?? null;
  return (await store.listOf(db, who, ref)) ?? null;
}

/** The list a write acts on: the default one is made on first use (named `defaultName`). */
async function writableList(db: Db, who: number, ref: ListRef, defaultName: string): Promise<number | null> {
  if (ref === "padrao") return store.ensureDefaultList(db, who, defaultName);
  return (await store.listOf(db, who, ref))?.cod_lista ?? null;
}

export async function createList(db: Db, who: number, nome: string): Promise<Outcome<store.ListRow>> {
  const name = cleanName(nome);
  if (!name) return fail("nome_vazio");
  const id = await store.createList(db, who, name, MAX_LISTS);
  if (id == null) return fail("limite_listas");
  return ok((await store.listOf(db, who, id))!);
}

/** Renames a list and/or makes it public (a fresh token) or private (the token revoked). */
export async function changeList(
  db: Db,
  who: number,
  ref: ListRef,
  change: { nome?: string; publica?: boolean },
  defaultName: string,
): Promise<Outcome<store.ListRow>> {
  const name = change.nome === undefined ? undefined : cleanName(change.nome);
  if (name === "") return fail("nome_vazio");
  const id = await writableList(db, who, ref, defaultName);
  if (id == null) return fail("nao_encontrada");
  const current = (await store.listOf(db, who, id))!;
  const token = change.publica === undefined ? undefined : change.publica ? (current.token_publico ?? newPublicToken()) : null;
  await store.updateList(db, who, id, { ...(name !== undefined ? { nome: name } : {}), ...(token !== undefined ? { token_publico: token } : {}) });
  return ok((await store.listOf(db, who, id))!);
}

export async function deleteList(db: Db, who: number, ref: ListRef): Promise<Outcome<true>> {
  const list = await findList(db, who, ref);
  if (!list) return fail(ref === "padrao" ? "padrao" : "nao_encontrada");
  if (list.padrao) return fail("padrao");
  return (await store.deleteList(db, who, list.cod_lista)) ? ok(true) : fail("nao_encontrada");
}

/** Adds titles (unknown ones skipped); refused when none is known, or when none fits under the item limit. */
export async function addTitles(
  db: Db,
  who: number,
  ref: ListRef,
  ids: number[],
  nota: string | null,
  defaultName: string,
): Promise<Outcome<{ list: store.ListRow; added: number; refused: number }>> {
  const known = await store.knownTitles(db, [...new Set(ids)]);
  if (known.length === 0) return fail("titulo_desconhecido");
  const id = await writableList(db, who, ref, defaultName);
  if (id == null) return fail("nao_encontrada");
  const { added, refused } = await store.addItems(db, id, known, MAX_LIST_ITEMS, cleanNote(nota));
  if (added === 0 && refused > 0) return fail("limite_itens");
  return ok({ list: (await store.listOf(db, who, id))!, added, refused });
}

export async function removeTitles(db: Db, who: number, ref: ListRef, ids: number[]): Promise<Outcome<store.ListRow>> {
  const list = await findList(db, who, ref);
  if (!list)
    return ref === "padrao" ? ok({ cod_lista: 0, nome: "", padrao: true, token_publico: null, itens: 0, updated_at: "" }) : fail("nao_encontrada");
  await store.removeItems(db, list.cod_lista, [...new Set(ids)]);
  return ok((await store.listOf(db, who, list.cod_lista))!);
}

export async function noteTitle(
  db: Db,
  who: number,
  ref: ListRef,
  codAcervo: number,
  nota: string | null,
): Promise<Outcome<{ nota: string | null }>> {
  const list = await findList(db, who, ref);
  if (!list) return fail("nao_encontrada");
  const value = cleanNote(nota);
  return (await store.setNote(db, list.cod_lista, codAcervo, value)) ? ok({ nota: value }) : fail("item_ausente");
}
