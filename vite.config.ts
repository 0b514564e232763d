import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import path from "node:path";

// The spec's minimum browsers: Chrome 104, Firefox 110, Edge 110.
const browserTargets = ["chrome104", "firefox110", "edge110", "safari15"];

// The private area's path (/meu{slug}) is fixed at build time, for both the server and the client bundles.
const productSlug = /^[a-z][a-z0-9-]*$/.test(process.env.PRODUCT_SLUG ?? "") ? process.env.PRODUCT_SLUG! : "pergamum";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  define: { __PRODUCT_SLUG__: JSON.stringify(productSlug) },
  build: {
    target: isSsrBuild ? "node20" : browserTargets,
    cssTarget: browserTargets,
  },
}));
