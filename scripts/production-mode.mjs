// Imported first by build/server.js (see scripts/build-server.mjs). `node build/server.js` is production unless
// NODE_ENV says otherwise, and production loads React Router's production build: the react-router package
// points Node at its development build whatever NODE_ENV is (dev warnings, and much longer error traces).
import { register } from "node:module";

process.env.NODE_ENV ??= "production";
if (process.env.NODE_ENV === "production") register("./react-router-production-hooks.mjs", import.meta.url);
