// Module resolution hook (registered by production-mode.mjs): `react-router` resolves to the same file in the
// package's production build (dist/production) instead of dist/development.
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (specifier === "react-router" && resolved.url.includes("/react-router/dist/development/")) {
    return { ...resolved, url: resolved.url.replace("/react-router/dist/development/", "/react-router/dist/production/") };
  }
  return resolved;
}
