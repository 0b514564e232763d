/** Ports of the servers the Playwright run starts (127.0.0.1 only). */
export const PORTS = { main: 3100, api: 3101, external: 3102 } as const;
