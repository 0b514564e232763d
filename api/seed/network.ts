import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import type { Db } from "../db/index.ts";
import { harvestLocalCatalogue, upsertNetworkRecords, type NetworkRecordInput } from "../search/index.ts";
import { ensureMaterialTypes } from "../marc/import.ts";
import { mapTitle, recordKind } from "../marc/map.ts";
import { readRecords } from "../marc/read.ts";
import { controlValue, type MarcRecord } from "../marc/types.ts";
import { DEMO_EMPRESA } from "./institution.ts";

/** Where the other members' bundled records live (kept apart from api/seed/data, which is the home catalogue). */
export const NETWORK_DATA_DIR = path.join("api", "seed", "network");

/** The demo network's other members (clearly fictitious), each with its bundled MARC file (see api/seed/data/SOURCES.md). */
export const NETWORK_DEMO_MEMBERS = [
  {
    cod_instituicao: 2,
    sigla: "IFBD",
    nome: "Instituto Franco-Brasileiro de Demonstração",
    cidade: "Porto Alegre",
    repositorio_oai: "ifbd.example.org",
    url_catalogo: "https://ifbd.example.org/pergamum",
    arquivo: "evergreen-lul-fre-101-400.mrc",
  },
  {
    cod_instituicao: 3,
    sigla: "CMD",
    nome: "Conservatório de Música de Demonstração",
    cidade: "Salvador",
    repositorio_oai: "cmd.example.org",
    url_catalogo: "https://cmd.example.org/pergamum",
    arquivo: "evergreen-jazz-251-550.mrc",
  },
] as const;

/** Inserts the network's members: the home institution (member 1, `local`) and the demo members. */
export async function seedNetworkMembers(db: Db): Promise<void> {
  const home = await db
    .selectFrom("instituicao")
    .select(["sigla", "nome", "endereco_web"])
    .where("cod_empresa", "=", DEMO_EMPRESA)
    .executeTakeFirstOrThrow();
  const web = home.endereco_web ?? "https://biblioteca.example.org";
  await db
    .insertInto("rede_instituicao")
    .values([
      { cod_instituicao: 1, sigla: home.sigla, nome: home.nome, cidade: "Brasília", repositorio_oai: new URL(web).host, url_catalogo: web, local: 1 },
      ...NETWORK_DEMO_MEMBERS.map(({ arquivo: _file, ...m }) => ({ ...m, local: 0 })),
    ])
    .execute();
}

/** A bibliographic MARC record as a harvested network record; its local id is the 001 (else its position). */
export function networkRecordOf(rec: MarcRecord, position: number): NetworkRecordInput {
  const { title, links } = mapTitle(rec);
  return {
    cod_origem: controlValue(rec, "001")?.trim().replace(/\s+/g, "") || String(position),
    cod_tipo_obra: title.cod_tipo_obra,
    titulo: title.titulo,
    subtitulo: title.subtitulo,
    autor: title.autor,
    autores_secundarios: JSON.parse(title.autores_secundarios) as string[],
    editora: title.editora,
    local_publicacao: title.local_publicacao,
    ano_publicacao: title.ano_publicacao,
    edicao: title.edicao,
    descricao_fisica: title.descricao_fisica,
    classificacao: title.classificacao,
    idioma: title.idioma,
    isbn: title.isbn,
    issn: title.issn,
    serie: title.serie,
    assuntos: JSON.parse(title.assuntos) as string[],
    notas: JSON.parse(title.notas) as string[],
    link_online: links[0]?.url ?? null,
  };
}

/**
 * Seeds the demo network catalogue once (nothing happens when it has members already): the members, the
 * bundled records of the other members, and a harvest of the home catalogue as member 1 (ADR 063).
 */
export async function importNetworkCatalogue(db: Db, log: (m: string) => void, projectRoot: string): Promise<void> {
  const has = await db
    .selectFrom("rede_instituicao")
    .select(sql<number>`count(*)`.as("n"))
    .executeTakeFirstOrThrow();
  if (Number(has.n) > 0) return;
  const started = Date.now();
  await ensureMaterialTypes(db);
  await seedNetworkMembers(db);
  for (const m of NETWORK_DEMO_MEMBERS) {
    const results = await readRecords(fs.readFileSync(path.join(projectRoot, NETWORK_DATA_DIR, m.arquivo)));
    const seen = new Set<string>();
    const records: NetworkRecordInput[] = [];
    results.forEach((r, i) => {
      if (!r.record || recordKind(r.record) !== "bib") return;
      const rec = networkRecordOf(r.record, i + 1);
      if (seen.has(rec.cod_origem)) return;
      seen.add(rec.cod_origem);
      records.push(rec);
    });
    await upsertNetworkRecords(db, m.cod_instituicao, records);
  }
  const local = await harvestLocalCatalogue(db, 1);
  log(
    `network catalogue: ${NETWORK_DEMO_MEMBERS.length + 1} institutions, ${local} local titles harvested, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
