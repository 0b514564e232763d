import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import path from "node:path";

// The spec's minimum browsers: Chrome 104, Firefox 110, Edge 110.
const browserTargets = ["chrome104", "firefox110", "edge110", "safari15"];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    target: isSsrBuild ? "node20" : browserTargets,
    cssTarget: browserTargets,
  },
}));
