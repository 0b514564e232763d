/** Ports of the servers the Playwright run starts (127.0.0.1 only). E2E_PORT_BASE moves all three. */
const base = Number(process.env.E2E_PORT_BASE ?? 3100);
export const PORTS = { main: base, api: base + 1, external: base + 2 } as const;
