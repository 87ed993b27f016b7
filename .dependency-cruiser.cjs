/**
 * The dependency rule of docs (ARCHITECTURE.md, "Three layers, one direction"):
 *   app -> domain, server -> domain; app reaches server only through type imports (the load context);
 *   domain imports nothing from app or server, no React and no Node built-ins.
 * Checked by tests/unit/dependency-rule.test.ts (part of `npm test`), or by hand:
 *   npx depcruise app domain server --config .dependency-cruiser.cjs
 * app/ and domain/ reach zod through domain/zod.ts, which configures it for the browser's CSP before any schema exists.
 * Inside server/ (docs/decisions/0007-house-conventions.md): a module is reached only through its entry point
 * (server/modules/<name>/index.ts), and workflows never import from server/http/.
 * Test files are not shipped, so they are not bound by the rule.
 */
const TESTS = "\\.(test|spec)\\.(ts|tsx)$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "domain-is-pure",
      comment: "domain/ holds pure rules shared by UI and server: it may not import app/ or server/.",
      severity: "error",
      from: { path: "^domain/", pathNot: TESTS },
      to: { path: "^(app|server)/" },
    },
    {
      name: "domain-no-react",
      comment: "domain/ runs in the browser and on the server without React: no react, react-dom or react-router.",
      severity: "error",
      from: { path: "^domain/", pathNot: TESTS },
      // Resolved into node_modules, or (where it cannot be resolved) by its bare name.
      to: { path: ["(^|/)node_modules/(react|react-dom|react-router|@react-router/[^/]+)/", "^(react|react-dom|react-router)(/|$)", "^@react-router/"] },
    },
    {
      name: "domain-no-node-builtins",
      comment: "domain/ also runs in the browser: no Node built-in modules (node:fs, crypto, path...).",
      severity: "error",
      from: { path: "^domain/", pathNot: TESTS },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "app-not-to-server",
      comment: "app/ reaches server/ only through the React Router load context; type-only imports are allowed.",
      severity: "error",
      from: { path: "^app/", pathNot: TESTS },
      to: { path: "^server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "zod-through-domain-zod",
      comment:
        "Browser code builds zod schemas only after domain/zod.ts has switched off zod's eval probe (the CSP forbids eval): app/ and domain/ import z from domain/zod.ts, never from zod itself (type-only imports are fine).",
      severity: "error",
      from: { path: "^(app|domain)/", pathNot: [TESTS, "^domain/zod\\.ts$"] },
      to: { path: ["(^|/)node_modules/zod/", "^zod(/|$)"], dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-not-to-app",
      comment: "server/ never imports the UI (it renders it through React Router's build).",
      severity: "error",
      from: { path: "^server/", pathNot: TESTS },
      to: { path: "^app/" },
    },
    {
      name: "module-entry-point-only",
      comment:
        "A module has one entry point: code outside server/modules/<name>/ imports server/modules/<name>/index.ts, never a file inside it.",
      severity: "error",
      from: { path: "^server/(?!modules/)", pathNot: TESTS },
      to: { path: "^server/modules/[^/]+/.+", pathNot: "^server/modules/[^/]+/index\\.ts$" },
    },
    {
      name: "module-to-module-entry-point-only",
      comment: "A module calls another module only through that module's index.ts.",
      severity: "error",
      from: { path: "^server/modules/([^/]+)/", pathNot: TESTS },
      to: { path: "^server/modules/[^/]+/.+", pathNot: ["^server/modules/$1/", "^server/modules/[^/]+/index\\.ts$"] },
    },
    {
      name: "workflows-not-to-http",
      comment: "Workflows are called by HTTP handlers and jobs alike: they never import from server/http/ (map errors in domain/errors.ts).",
      severity: "error",
      from: { path: "^server/workflows/", pathNot: TESTS },
      to: { path: "^server/http/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Not node_modules: excluding it would hide imports of packages (React) from the rules.
    exclude: { path: "(^|/)(build|\\.react-router)/" },
    // Needed to tell `import type` apart from a real import.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
