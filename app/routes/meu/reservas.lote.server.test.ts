import { describe, expect, it, vi } from "vitest";
import type { MyHold } from "~/lib/api/account/holds.server";
import type { ApiClient } from "~/lib/api/client.server";
import { ApiError } from "~/lib/api/errors";
import { applyBulk, checkBulk } from "./reservas.lote.server";

const hold = (id: number, estado: MyHold["estado"], lib = 1) =>
  ({ cod_reserva: id, cod_acervo: id * 10, titulo: `T${id}`, estado, cod_biblioteca: lib }) as MyHold;
const holds = [hold(1, "aguardando"), hold(2, "suspensa"), hold(3, "disponivel"), hold(4, "transito", 2)];

/** An API whose per-hold calls answer by hold: 3 and 4 are refused as the reference API refuses them. */
function fakeApi() {
  const send = vi.fn(async (_method: string, path: string) => {
    if (path.startsWith("/reserva/3/")) throw new ApiError(422, { code: "reserva_nao_suspensivel" });
    if (path.startsWith("/reserva/4/")) throw new ApiError(422, { code: "reserva_em_transito" });
    return {};
  });
  return { api: { send } as unknown as ApiClient, send };
}

describe("changing several holds at once", () => {
  it("asks for a selection, a date to suspend and a library to move to", () => {
    expect(checkBulk({ intent: "lote-retomar", ids: [], until: "", library: null })?.key).toBe("holds:errors.select_one");
    expect(checkBulk({ intent: "lote-suspender", ids: "all", until: "", library: null })?.field).toBe("lote-ate");
    expect(checkBulk({ intent: "lote-suspender", ids: [1], until: "2026-02-30", library: null })?.key).toBe("holds:errors.date_invalid");
    expect(checkBulk({ intent: "lote-biblioteca", ids: [1], until: "", library: null })?.field).toBe("lote-biblioteca");
    expect(checkBulk({ intent: "lote-retomar", ids: "all", until: "", library: null })).toBeNull();
  });

  it("suspends each selected hold by its own call and reports each refusal with its reason", async () => {
    const { api, send } = fakeApi();
    const out = await applyBulk(api, holds, { intent: "lote-suspender", ids: [1, 3, 99], until: "2030-01-01", library: null });
    expect(out.r).toEqual([
      { i: 1, ok: true, m: null },
      { i: 3, ok: false, m: "reserva_nao_suspensivel" },
      { i: 99, ok: false, m: "nao_encontrada" },
    ]);
    expect(send).toHaveBeenCalledWith("PUT", "/reserva/1/suspensao", expect.anything(), expect.objectContaining({ body: { ate: "2030-01-01" } }));
  });

  it("resumes all: only the suspended holds are concerned; a selected hold that is not suspended is refused", async () => {
    const { api, send } = fakeApi();
    expect((await applyBulk(api, holds, { intent: "lote-retomar", ids: "all", until: "", library: null })).r).toEqual([{ i: 2, ok: true, m: null }]);
    expect(send).toHaveBeenCalledTimes(1);
    expect((await applyBulk(api, holds, { intent: "lote-retomar", ids: [1], until: "", library: null })).r).toEqual([
      { i: 1, ok: false, m: "nao_suspensa" },
    ]);
  });

  it("moves the pickup library of all waiting or suspended holds, skipping one already there", async () => {
    const { api } = fakeApi();
    const out = await applyBulk(api, [...holds, hold(5, "aguardando", 2)], { intent: "lote-biblioteca", ids: "all", until: "", library: 2 });
    expect(out.r).toEqual([
      { i: 1, ok: true, m: null },
      { i: 2, ok: true, m: null },
      { i: 5, ok: false, m: "ja_nesta_biblioteca" },
    ]);
  });

  it("lets a session or network failure through instead of reporting it per hold", async () => {
    const send = vi.fn(async () => {
      throw new ApiError(401);
    });
    await expect(
      applyBulk({ send } as unknown as ApiClient, holds, { intent: "lote-retomar", ids: [2], until: "", library: null }),
    ).rejects.toBeInstanceOf(ApiError);
  });
});
