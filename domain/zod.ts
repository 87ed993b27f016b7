import { z } from "zod";

/*
 * zod, configured for the browser. Every module of app/ and domain/ imports z from here, never from "zod"
 * (.dependency-cruiser.cjs, rule "zod-through-domain-zod"), so this runs before any schema is built.
 *
 * Why: zod 4 compiles object parsers with `new Function` and decides whether it may when each z.object() is
 * built, by probing `new Function("")`. The shop's CSP forbids eval (no 'unsafe-eval'), so in the browser the
 * probe is refused, and although zod swallows the error, Chromium reports a CSP violation (DevTools' Issues
 * panel, Lighthouse best practices). `jitless` skips the probe and the compiler; the forms' few fields parse
 * fast enough interpreted. The server keeps the compiled parsers: Node has no CSP, and its API parses on every
 * request.
 */
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
